/** Signed licence documents with real Ed25519 keys (node:crypto): what verifies and what is refused. */
import { describe, expect, it } from 'vitest';
import { LicenceDocumentError, generateKeyPair, parsePublicKey, publicKeyPem, signDocument, verifyDocument } from './signing.js';

const body = {
  typ: 'device-certificate' as const, lic: 7, code: 'ASKDB-*****-*****-*****-ABCDE', order: 42, product: 'AskDB Local Pro',
  deviceId: 'DEVICE-0001', deviceName: 'laptop', os: 'Linux', mode: 'offline' as const, iat: '2026-01-01T00:00:00.000Z', exp: null,
};

function why(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return e instanceof LicenceDocumentError ? e.why : `other: ${(e as Error).message}`;
  }
  return 'verified';
}

describe('licence documents', () => {
  const key = generateKeyPair();
  const trusted = new Map([[key.kid, key.publicKey]]);
  const doc = signDocument(body, key);

  it('verifies what the key signed and returns the body', () => {
    expect(doc).toMatch(/^-----BEGIN ASKDB DEVICE CERTIFICATE-----\n/);
    const got = verifyDocument(doc, trusted);
    expect(got).toMatchObject({ ...body, v: 1, kid: key.kid });
    // Line breaks and surrounding spaces (a copy from a mail) do not matter.
    expect(verifyDocument(`  \r\n${doc.replace(/\n/g, '\r\n')}  `, trusted).deviceId).toBe('DEVICE-0001');
  });

  it('refuses a document edited by one byte anywhere in its payload or signature', () => {
    const start = doc.indexOf('\n') + 1;
    const end = doc.lastIndexOf('\n-----END');
    let refused = 0;
    let tried = 0;
    for (let i = start; i < end; i += 7) {
      const ch = doc[i]!;
      if (ch === '\n' || ch === '.') continue;
      const swapped = ch === 'A' ? 'B' : 'A';
      const edited = doc.slice(0, i) + swapped + doc.slice(i + 1);
      tried++;
      if (why(() => verifyDocument(edited, trusted)) !== 'verified') refused++;
    }
    expect(tried).toBeGreaterThan(20);
    expect(refused).toBe(tried);
  });

  it('refuses a document signed by another key, even one that claims the trusted key id', () => {
    const other = generateKeyPair();
    expect(why(() => verifyDocument(signDocument(body, other), trusted))).toBe('unknownKey');
    const forged = signDocument(body, { ...other, kid: key.kid });
    expect(why(() => verifyDocument(forged, trusted))).toBe('signature');
  });

  it('refuses text that is not a document, without a crash', () => {
    for (const bad of ['', 'hello', '-----BEGIN ASKDB DEVICE CERTIFICATE-----\nabc\n-----END ASKDB DEVICE CERTIFICATE-----', doc.replace('DEVICE CERTIFICATE-----\n', 'LICENCE-----\n'), 'x'.repeat(20_000), doc.replace('.', '')]) {
      expect(why(() => verifyDocument(bad, trusted))).toBe('format');
    }
  });

  it('reads a public key as PEM or base64 DER, and nothing else', () => {
    const pem = publicKeyPem(key.publicKey);
    expect(parsePublicKey(pem)).not.toBeNull();
    const der = key.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    expect(parsePublicKey(der)).not.toBeNull();
    expect(parsePublicKey('not a key')).toBeNull();
  });
});
