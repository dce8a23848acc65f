import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the web build's server entry (apps/web/src/entry-server.tsx) exports. */
interface ServerEntry {
  SERVER_STATE_ID: string;
  configureServerRendering(apiOrigin: string): void;
  renderPage(
    url: URL,
    screen: { phone: boolean },
  ): Promise<{
    html: string;
    state: string;
    organization: string | null;
  } | null>;
}

/** A page ready to send: index.html with the page's markup and data inside. */
export interface RenderedDocument {
  html: string;
  /** The station the page shows (its id); null when it shows none. */
  organization: string | null;
}

/** The app's index.html as built, and when it was built. */
export interface AppShell {
  html: string;
  builtAt: number;
}

/** Where the browser app's markup goes in index.html. */
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The web build's server entry, loaded on first use: it renders a public page to HTML with the
 * same components the browser runs (docs/decisions/0023-server-rendered-public-pages.md). The
 * browser build is `webDist`; the server entry is built beside it into `dist-ssr/`. Without it
 * (a build made before server rendering, or `vite build` alone) pages render in the browser.
 */
export class PageRenderer {
  readonly #entryFile: string;
  readonly #indexFile: string;
  #entry: { builtAt: number | null; module: Promise<ServerEntry | null> } | undefined;
  #shell: AppShell | undefined;

  constructor(
    webDist: string,
    private readonly apiOrigin: () => string | null,
    private readonly warn: (message: string) => void,
  ) {
    this.#entryFile = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
    this.#indexFile = path.join(webDist, 'index.html');
  }

  /** index.html as built now; null when the app is not built. Re-read after a new build. */
  async shell(): Promise<AppShell | null> {
    const builtAt = await stat(this.#indexFile).then(
      (file) => file.mtimeMs,
      () => null,
    );
    if (builtAt === null) return null;
    if (this.#shell?.builtAt !== builtAt) {
      this.#shell = { html: await readFile(this.#indexFile, 'utf8'), builtAt };
    }
    return this.#shell;
  }

  /**
   * The page at `url` rendered into `shell`; null when this server cannot render it (no server
   * entry, or a path the app renders in the browser only).
   */
  async render(
    url: URL,
    screen: { phone: boolean },
    shell: AppShell,
  ): Promise<RenderedDocument | null> {
    if (!shell.html.includes(ROOT_ELEMENT)) return null;
    const entry = await this.entry();
    if (!entry) return null;
    const page = await entry.renderPage(url, screen);
    if (!page) return null;
    const data = `<script type="application/json" id="${entry.SERVER_STATE_ID}">${escapeForScript(page.state)}</script>`;
    return {
      html: shell.html.replace(ROOT_ELEMENT, `<div id="root">${page.html}</div>${data}`),
      organization: page.organization,
    };
  }

  /**
   * Loads the server entry ahead of the first visitor: importing it (React's server renderer,
   * Mantine, the app) takes about a second, which the first render would otherwise wait for.
   */
  async warm(): Promise<void> {
    await this.entry().catch(() => null);
  }

  /** The server entry of the current build; imported again when a new build replaced it. */
  private async entry(): Promise<ServerEntry | null> {
    const builtAt = await stat(this.#entryFile).then(
      (file) => file.mtimeMs,
      () => null,
    );
    if (builtAt === null || this.#entry?.builtAt !== builtAt) {
      this.#entry = { builtAt, module: this.loadEntry(builtAt) };
    }
    return this.#entry.module;
  }

  private async loadEntry(builtAt: number | null): Promise<ServerEntry | null> {
    const origin = this.apiOrigin();
    if (builtAt === null || origin === null) {
      this.warn(
        origin === null
          ? 'public pages render in the browser only: the server has no TCP address to read its own API from'
          : `public pages render in the browser only: ${this.#entryFile} is missing (npm run build makes it)`,
      );
      return null;
    }
    // The build time in the URL makes Node load a rebuilt entry instead of its cached module.
    const url = `${pathToFileURL(this.#entryFile).href}?built=${builtAt}`;
    const entry = (await import(url)) as ServerEntry;
    entry.configureServerRendering(origin);
    return entry;
  }
}

/**
 * JSON placed inside a `<script>` element: every `<` escaped, so no `</script>` or `<!--` in a
 * station's text can end the element early. JSON.parse reads `\u003c` back as `<`.
 */
function escapeForScript(json: string): string {
  return json.replaceAll('<', '\\u003c');
}
