/**
 * Loaded into the server's process by a test that needs months to pass (`clockJumpEnv`): from the
 * real moment CLOCK_JUMP_AT (milliseconds since the epoch) on, or from when the file CLOCK_JUMP_FILE
 * appears (`clockJumpWhenWrittenEnv`: the test writes it once it is ready), the server's clock
 * (`Date`) reads CLOCK_JUMP_MS later. Timers count real time as before, so what runs every minute
 * still does.
 */
import { existsSync } from 'node:fs';

const jumpAt = Number(process.env.CLOCK_JUMP_AT);
const jumpFile = process.env.CLOCK_JUMP_FILE;
const jumpBy = Number(process.env.CLOCK_JUMP_MS);

if ((Number.isFinite(jumpAt) || jumpFile) && Number.isFinite(jumpBy)) {
  let fileWritten = false;
  if (jumpFile) {
    const look = setInterval(() => {
      fileWritten = existsSync(jumpFile);
      if (fileWritten) clearInterval(look);
    }, 50);
    look.unref();
  }
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const now = () => {
    const real = realNow();
    return fileWritten || real >= jumpAt ? real + jumpBy : real;
  };
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args) => (args.length === 0 ? new target(now()) : Reflect.construct(target, args)),
    apply: (target) => new target(now()).toString(),
    get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
  });
}

const shim = () => ({
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${new URL(import.meta.url).pathname}`.trim(),
});

/** The environment that makes a server's clock jump `byMs` ahead at the real moment `atMs`. */
export function clockJumpEnv(atMs: number, byMs: number): Record<string, string> {
  return { ...shim(), CLOCK_JUMP_AT: String(atMs), CLOCK_JUMP_MS: String(byMs) };
}

/**
 * The environment that makes a server's clock jump `byMs` ahead within 50 ms of the file `trigger`
 * being written: the test writes it when what comes before the jump is done, however long that took.
 */
export function clockJumpWhenWrittenEnv(trigger: string, byMs: number): Record<string, string> {
  return { ...shim(), CLOCK_JUMP_FILE: trigger, CLOCK_JUMP_MS: String(byMs) };
}
