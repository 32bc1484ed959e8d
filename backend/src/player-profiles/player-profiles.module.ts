import { Module } from '@nestjs/common';
import { LadderModule } from '../ladder/ladder.module.js';
import { EditPlayerProfileController } from './edit-player-profile/edit-player-profile.controller.js';
import { EditPlayerProfileHandler } from './edit-player-profile/edit-player-profile.command.js';
import { GetPlayerCardsController } from './get-player-cards/get-player-cards.controller.js';

/** Players' profiles (avatar, social links) on player-profile-{id} streams, and the player cards that show them (issue 42). */
@Module({
  // The ladder's state says which players exist.
  imports: [LadderModule],
  controllers: [GetPlayerCardsController, EditPlayerProfileController],
  providers: [EditPlayerProfileHandler],
})
export class PlayerProfilesModule {}
