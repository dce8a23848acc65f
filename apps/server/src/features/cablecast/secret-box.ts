import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Credentials the server must use again (a Cablecast password) are kept encrypted at rest:
// AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret, the one every node
// shares (config.secret or the database's). A copy of the database alone does not give them
// away; the secret and the database together do, as for the sign-in tokens. Written
// `v2.<iv>.<tag>.<ciphertext>` in base64url, so the scheme can change later.
//
// A secret is bound to what it is for (`context`, authenticated data that GCM checks): the
// Cablecast password to the address it was saved with, so it opens for that address only and
// cannot be sent anywhere else, even by a write that changes the address behind the service's
// back. `v1` texts (before the binding) open without a context.

const VERSION = 'v2';
const UNBOUND = 'v1';
const IV_BYTES = 12;

/** Encrypts and decrypts short secrets for one purpose (the purpose is part of the key). */
export class SecretBox {
  readonly #key: Buffer;

  constructor(serverSecret: string, purpose: string) {
    if (serverSecret === '') throw new Error('SecretBox needs the server secret');
    this.#key = Buffer.from(hkdfSync('sha256', serverSecret, '', `airgrid ${purpose}`, 32));
  }

  /** Seals `plain` for `context`: only `open` with the same context gives it back. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  /**
   * The secret, or null when it was sealed under another key or for another context, or the
   * text is damaged.
   */
  open(sealed: string, context: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION && version !== UNBOUND) return null;
    if (iv === undefined || tag === undefined || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
      if (version === VERSION) decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    } catch {
      return null;
    }
  }
}
