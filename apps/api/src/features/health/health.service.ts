import type { HealthRepository } from './health.repository.ts';

/** Whether this instance can serve: its database answers. */
export class HealthService {
  constructor(private readonly deps: { repo: HealthRepository }) {}

  /** True when the database answers within `timeoutMs`; false when it fails or is slower. */
  async databaseAnswers(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>(
      (resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)),
    );
    const query = this.deps.repo.ping().then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
