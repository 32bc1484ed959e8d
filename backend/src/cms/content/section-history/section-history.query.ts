import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventStore, SectionVersion } from '@team/contracts';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { NotFoundError } from '../../../shared/domain-errors.js';
import { SECTION_NOT_FOUND } from '../content-section.decider.js';
import { loadSectionHistory } from '../section-versions.js';

export class GetSectionVersionsQuery extends Query<SectionVersion[]> {
  constructor(readonly id: number) {
    super();
  }
}

/** Reads the event log, not a read table: a history is what the events say, deleted sections included. */
@QueryHandler(GetSectionVersionsQuery)
export class GetSectionVersionsHandler implements IQueryHandler<GetSectionVersionsQuery> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ id }: GetSectionVersionsQuery): Promise<SectionVersion[]> {
    const history = await loadSectionHistory(this.store, id);
    if (!history) throw new NotFoundError(SECTION_NOT_FOUND);
    return history.versions;
  }
}
