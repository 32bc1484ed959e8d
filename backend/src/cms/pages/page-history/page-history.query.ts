import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventStore, PageVersion } from '@team/contracts';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { NotFoundError } from '../../../shared/domain-errors.js';
import { PAGE_NOT_FOUND } from '../page.decider.js';
import { loadPageVersions } from '../page-versions.js';

export class GetPageVersionsQuery extends Query<PageVersion[]> {
  constructor(readonly id: number) {
    super();
  }
}

/** Reads the event log, not a read table: a history is what the events say, deleted pages included. */
@QueryHandler(GetPageVersionsQuery)
export class GetPageVersionsHandler implements IQueryHandler<GetPageVersionsQuery> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ id }: GetPageVersionsQuery): Promise<PageVersion[]> {
    const versions = await loadPageVersions(this.store, id);
    if (versions.length === 0) throw new NotFoundError(PAGE_NOT_FOUND);
    return versions;
  }
}
