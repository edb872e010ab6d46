/** Reads every 100 ms until `done` holds, and answers that value; past the deadline it throws with the last value. */
export async function eventually<T = boolean>(read: () => Promise<T>, done: (value: T) => boolean = (value) => value === true, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
