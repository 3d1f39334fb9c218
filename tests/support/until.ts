/**
 * Polls `find` every 25 ms for up to `timeoutMs` and returns the first value that is not undefined
 * (or undefined at the deadline): for what the app does after it has answered, such as an e-mail a
 * browser's request asked for, which goes out after the answer so that its timing tells nothing.
 */
export async function until<T>(find: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
