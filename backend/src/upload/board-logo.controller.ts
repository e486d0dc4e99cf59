import { Controller, Get, Header, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { DomainException } from '../common/errors/domain.exception.js';
import { Public } from '../common/http/route-access.decorators.js';
import { SettingService } from '../setting/setting.service.js';
import { AttachmentStore } from './attachment-store.js';

/**
 * The company logo the boards show (system settings). Public: a TV board opened with the board
 * key has no session, and this serves only the one image an administrator chose for display.
 */
@ApiTags('setting')
@Controller('admin/setting')
export class BoardLogoController {
  constructor(
    private readonly settings: SettingService,
    private readonly store: AttachmentStore,
  ) {}

  @Get('logo')
  @Public()
  // Short: a changed logo shows on the boards within a minute even without the event's ?v=.
  @Header('Cache-Control', 'public, max-age=60')
  @ApiProduces('image/webp')
  @ApiOperation({ summary: 'The boards’ company logo (WebP); 404 when none is set' })
  async logo(): Promise<StreamableFile> {
    const { logo } = await this.settings.systemExtras();
    const bytes = logo ? await this.store.read(logo, 'image') : null;
    if (!bytes) throw new DomainException('notFound');
    return new StreamableFile(bytes, { type: 'image/webp', length: bytes.length });
  }
}
