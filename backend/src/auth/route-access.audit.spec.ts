import { Controller, Get } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { Authenticated, BoardReader, ForRoute, Public } from '../common/http/route-access.decorators.js';
import { RouteAccessAudit } from './route-access.audit.js';

@Controller('declared')
class DeclaredController {
  @Get('a') @Public() a() {}
  @Get('b') @Authenticated() b() {}
  @Get('c') @ForRoute('HomeIndex') c() {}
  @Get('d') @BoardReader() d() {}
  helper() {}
}

@Controller('forgotten')
class ForgottenController {
  @Get('ok') @Public() ok() {}
  @Get('open') open() {}
}

async function audit(controller: new () => object): Promise<void> {
  const module = await Test.createTestingModule({ imports: [DiscoveryModule], controllers: [controller], providers: [RouteAccessAudit] }).compile();
  await module.init();
  await module.close();
}

describe('route access audit', () => {
  it('boots when every endpoint declares its access', async () => {
    await expect(audit(DeclaredController)).resolves.toBeUndefined();
  });

  it('refuses to boot when an endpoint declares none, naming it', async () => {
    await expect(audit(ForgottenController)).rejects.toThrow('ForgottenController.open');
  });
});
