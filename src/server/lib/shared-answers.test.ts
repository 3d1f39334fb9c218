import { describe, expect, it } from 'vitest';
import { SharedAnswers } from './shared-answers';

describe('SharedAnswers', () => {
  it('builds an answer once for everyone who asks while its version holds, also while it is built', async () => {
    const shared = new SharedAnswers();
    let builds = 0;
    const build = async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { orders: [builds] };
    };
    const answers = await Promise.all([shared.get(1, 'staff|?a', build), shared.get(1, 'staff|?a', build)]);
    expect(builds).toBe(1);
    expect(answers[0]?.json).toBe('{"orders":[1]}');
    expect(answers[1]).toBe(answers[0]);
    expect((await shared.get(1, 'staff|?a', build)).json).toBe('{"orders":[1]}');
    // Another key, another answer; a new version, a new build.
    expect((await shared.get(1, 'manager|?a', build)).json).toBe('{"orders":[2]}');
    expect((await shared.get(2, 'staff|?a', build)).json).toBe('{"orders":[3]}');
    expect(builds).toBe(3);
    expect((await shared.get(2, 'staff|?a', build)).gzip.length).toBeGreaterThan(0);
  });

  it('does not keep a failed build', async () => {
    const shared = new SharedAnswers();
    await expect(shared.get(1, 'k', async () => Promise.reject(new Error('database away')))).rejects.toThrow(
      'database away',
    );
    expect((await shared.get(1, 'k', async () => 'back')).json).toBe('"back"');
  });

  it('forgets everything when it holds too many keys', async () => {
    const shared = new SharedAnswers(2);
    let builds = 0;
    const build = async () => ++builds;
    await shared.get(1, 'a', build);
    await shared.get(1, 'b', build);
    await shared.get(1, 'c', build);
    await shared.get(1, 'a', build);
    expect(builds).toBe(4);
  });
});
