// The events of a `content-{page}` stream. Their types live in contracts, because the read
// models project them too; this file is the aggregate's view of them.
export {
  contentStreamId,
  type ContentEdited,
  type ContentSectionCreated,
  type ContentSectionDeleted,
  type ContentSectionEvent,
  type ContentSectionRestored,
  type ContentSectionsReordered,
  type SectionFields,
} from '@team/contracts';
