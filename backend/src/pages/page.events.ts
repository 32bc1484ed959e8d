// The events of a `page-{id}` stream. Their types live in contracts, because the read models
// project them too; this file is the aggregate's view of them.
export {
  pageStreamId,
  type ContentBlockDeleted,
  type ContentBlockSaved,
  type PageCreated,
  type PageDeleted,
  type PageEvent,
  type PageRestored,
} from '@team/contracts';
