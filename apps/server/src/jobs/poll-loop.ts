// The loop the job runner and the webhook dispatcher share: look at a queue every `pollMs`,
// and at once when poked. Looks never overlap: a poke during a look is remembered, and one
// more look follows it (however many pokes came). After stop, nothing looks again.

export interface PollLoopOptions {
  /** How often `look` runs when nothing pokes the loop. */
  pollMs: number;
  /** Hears a look that failed; the loop goes on. */
  onError: (error: unknown) => void;
}

export class PollLoop {
  readonly #look: () => Promise<void>;
  readonly #options: PollLoopOptions;
  #timer: NodeJS.Timeout | undefined;
  #looking: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  constructor(look: () => Promise<void>, options: PollLoopOptions) {
    this.#look = look;
    this.#options = options;
  }

  /** True while a look runs. */
  get looking(): boolean {
    return this.#looking !== undefined;
  }

  /** Starts looking every `pollMs`, and at once. The timer never keeps the process alive. */
  start(): void {
    this.#timer ??= setInterval(() => this.poke(), this.#options.pollMs);
    this.#timer.unref();
    this.poke();
  }

  /** Looks now, or right after the look under way; nothing once stopped. */
  poke(): void {
    if (this.#stopped) return;
    if (this.#looking) {
      this.#again = true;
      return;
    }
    this.#looking = this.#look()
      .catch((error: unknown) => this.#options.onError(error))
      .finally(() => {
        this.#looking = undefined;
        if (this.#again) {
          this.#again = false;
          this.poke();
        }
      });
  }

  /** Resolves once no look runs, the one a poke queued behind it included. */
  async idle(): Promise<void> {
    while (this.#looking) await this.#looking;
  }

  /** Stops the timer and the pokes at once; resolves when the look under way has ended. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#stopped = true;
    await this.idle();
  }
}
