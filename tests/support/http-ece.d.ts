/** The part of http_ece (which ships no types) the stand-in push service uses. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair: the sender's public key comes in the message's header. */
    privateKey: ECDH;
    authSecret: Buffer;
  }
  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
