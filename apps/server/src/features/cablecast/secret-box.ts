import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Credentials the server must use again (a Cablecast password) are kept encrypted at rest:
// AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret, the one every node
// shares (config.secret or the database's). A copy of the database alone does not give them
// away; the secret and the database together do, as for the sign-in tokens. Written
// `v1.<iv>.<tag>.<ciphertext>` in base64url, so the scheme can change later.

const VERSION = 'v1';
const IV_BYTES = 12;

/** Encrypts and decrypts short secrets for one purpose (the purpose is part of the key). */
export class SecretBox {
  readonly #key: Buffer;

  constructor(serverSecret: string, purpose: string) {
    if (serverSecret === '') throw new Error('SecretBox needs the server secret');
    this.#key = Buffer.from(hkdfSync('sha256', serverSecret, '', `airgrid ${purpose}`, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  /** The secret, or null when it was sealed under another key or the text is damaged. */
  open(sealed: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || body === undefined)
      return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
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
