import { Module } from '@nestjs/common';
import { CmsIdsModule } from '../shared/cms-ids.js';
import { CreatePageController } from './create-page/create-page.controller.js';
import { CreatePageHandler } from './create-page/create-page.command.js';
import { DeleteBlockController } from './delete-block/delete-block.controller.js';
import { DeleteBlockHandler } from './delete-block/delete-block.command.js';
import { DeletePageController } from './delete-page/delete-page.controller.js';
import { DeletePageHandler } from './delete-page/delete-page.command.js';
import { GetPageController } from './get-page/get-page.controller.js';
import { GetPageHandler } from './get-page/get-page.query.js';
import { GetPagesController } from './get-pages/get-pages.controller.js';
import { GetPagesHandler } from './get-pages/get-pages.query.js';
import { PageDirectory } from './page-directory.js';
import { PageHistoryController } from './page-history/page-history.controller.js';
import { GetPageVersionsHandler } from './page-history/page-history.query.js';
import { RestorePageController } from './restore-page/restore-page.controller.js';
import { RestorePageHandler } from './restore-page/restore-page.command.js';
import { SaveBlockController } from './save-block/save-block.controller.js';
import { SaveBlockHandler } from './save-block/save-block.command.js';

/** The page builder: pages and their content blocks. */
@Module({
  imports: [CmsIdsModule],
  controllers: [
    GetPagesController,
    GetPageController,
    CreatePageController,
    DeletePageController,
    SaveBlockController,
    DeleteBlockController,
    PageHistoryController,
    RestorePageController,
  ],
  providers: [
    PageDirectory,
    GetPagesHandler,
    GetPageHandler,
    CreatePageHandler,
    DeletePageHandler,
    SaveBlockHandler,
    DeleteBlockHandler,
    GetPageVersionsHandler,
    RestorePageHandler,
  ],
})
export class PagesModule {}
