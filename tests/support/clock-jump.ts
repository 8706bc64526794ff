/**
 * Loaded into the server's process by a test that needs months to pass (`clockJumpEnv`): from the
 * real moment CLOCK_JUMP_AT (milliseconds since the epoch) on, the server's clock (`Date`) reads
 * CLOCK_JUMP_MS later. Timers count real time as before, so what runs every minute still does.
 */
const jumpAt = Number(process.env.CLOCK_JUMP_AT);
const jumpBy = Number(process.env.CLOCK_JUMP_MS);

if (Number.isFinite(jumpAt) && Number.isFinite(jumpBy)) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const now = () => {
    const real = realNow();
    return real >= jumpAt ? real + jumpBy : real;
  };
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args) => (args.length === 0 ? new target(now()) : Reflect.construct(target, args)),
    apply: (target) => new target(now()).toString(),
    get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
  });
}

/** The environment that makes a server's clock jump `byMs` ahead at the real moment `atMs`. */
export function clockJumpEnv(atMs: number, byMs: number): Record<string, string> {
  const shim = new URL(import.meta.url).pathname;
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${shim}`.trim(),
    CLOCK_JUMP_AT: String(atMs),
    CLOCK_JUMP_MS: String(byMs),
  };
}
