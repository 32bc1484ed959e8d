import { Module } from '@nestjs/common';
import { CmsIdsModule } from '../shared/cms-ids.js';
import { LadderModule } from '../../ladder/ladder.module.js';
import { CreateSectionController } from './create-section/create-section.controller.js';
import { CreateSectionHandler } from './create-section/create-section.command.js';
import { DeleteSectionController } from './delete-section/delete-section.controller.js';
import { DeleteSectionHandler } from './delete-section/delete-section.command.js';
import { EditSectionController } from './edit-section/edit-section.controller.js';
import { EditSectionHandler } from './edit-section/edit-section.command.js';
import { GetContentController } from './get-content/get-content.controller.js';
import { GetContentHandler } from './get-content/get-content.query.js';
import { ReorderSectionsController } from './reorder-sections/reorder-sections.controller.js';
import { ReorderSectionsHandler } from './reorder-sections/reorder-sections.command.js';
import { RestoreSectionController } from './restore-section/restore-section.controller.js';
import { RestoreSectionHandler } from './restore-section/restore-section.command.js';
import { SectionHistoryController } from './section-history/section-history.controller.js';
import { GetSectionVersionsHandler } from './section-history/section-history.query.js';

/** The CMS: the content editor's sections here, the page builder's pages and blocks in PagesModule. */
@Module({
  // The ladder's state says which players a roster card may name (roster-player.ts).
  imports: [CmsIdsModule, LadderModule],
  controllers: [
    GetContentController,
    CreateSectionController,
    EditSectionController,
    DeleteSectionController,
    ReorderSectionsController,
    SectionHistoryController,
    RestoreSectionController,
  ],
  providers: [
    GetContentHandler,
    CreateSectionHandler,
    EditSectionHandler,
    DeleteSectionHandler,
    ReorderSectionsHandler,
    GetSectionVersionsHandler,
    RestoreSectionHandler,
  ],
})
export class ContentModule {}
