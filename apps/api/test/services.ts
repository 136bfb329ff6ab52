import type { Db } from '../src/db/index.ts';
import type { MaterialSources } from '../src/features/answering/answerer.ts';
import { ContentRepository } from '../src/features/content/content.repository.ts';
import { FactsRepository } from '../src/features/facts/facts.repository.ts';
import { FactsService } from '../src/features/facts/facts.service.ts';
import { RetrievalRepository } from '../src/features/retrieval/retrieval.repository.ts';
import { RetrievalService } from '../src/features/retrieval/retrieval.service.ts';

/**
 * The pieces tests build over the test database outside the app, wired as app.ts wires them: a
 * feature reaches another through its service. The facts service's class checks are not reached
 * from ingest or answers, so its classes are a stand-in.
 */
export const factsServiceOf = (db: Db) =>
  new FactsService({
    repo: new FactsRepository(db),
    classes: { requireOwned: async () => ({}) as never },
  });

/** The content repository, storing each item's facts with its chunks (through the facts service). */
export const contentRepositoryOf = (db: Db) => new ContentRepository(db, factsServiceOf(db));

/** What the answerers read a class's material through. */
export const materialSourcesOf = (db: Db): MaterialSources => ({
  retrieval: new RetrievalService(new RetrievalRepository(db)),
  facts: factsServiceOf(db),
});
