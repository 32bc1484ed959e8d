import { Controller, Get } from '@nestjs/common';
import { MODES, type Mode } from '@team/contracts';

/** GET /api/modes: the game modes a match can be recorded in. */
@Controller('api/modes')
export class GetModesController {
  @Get()
  modes(): Mode[] {
    return MODES;
  }
}
