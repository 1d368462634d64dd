/** SHA-256 of a string (UTF-8), hex. Node >= 20.12 hashes in one native call; older 20.x streams it. */
import * as crypto from 'node:crypto';

const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

export function sha256(text: string): string {
  return oneShot ? oneShot('sha256', text, 'hex') : crypto.createHash('sha256').update(text).digest('hex');
}
