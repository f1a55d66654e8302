import { describe, expect, it } from 'vitest';
import { CheckTimeout, type CheckRequest } from '../../../src/scout/verify/checker.js';
import { deadlineStep, OneAtATime } from '../../../src/scout/verify/check-pacing.js';

describe('check pacing', () => {
  it('runs jobs one at a time, and a failed job does not stop the next', async () => {
    const queue = new OneAtATime();
    const order: string[] = [];
    const slow = queue.run(async () => {
      await new Promise((r) => setTimeout(r, 20));
      order.push('slow');
      throw new Error('boom');
    });
    const fast = queue.run(async () => {
      order.push('fast');
      return 1;
    });
    await expect(slow).rejects.toThrow('boom');
    await expect(fast).resolves.toBe(1);
    expect(order).toEqual(['slow', 'fast']);
  });

  it('gives up at the deadline, and on abort with the abort reason', () => {
    const past = { deadline: performance.now() - 1 } as CheckRequest;
    expect(deadlineStep(past, performance.now())).toThrow(CheckTimeout);
    const controller = new AbortController();
    controller.abort(new Error('asked again'));
    const aborted = { deadline: performance.now() + 60_000, signal: controller.signal } as CheckRequest;
    expect(deadlineStep(aborted, performance.now())).toThrow('asked again');
    expect(deadlineStep({ deadline: performance.now() + 60_000 } as CheckRequest, performance.now())).not.toThrow();
  });
});
