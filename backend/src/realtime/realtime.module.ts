import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway.js';
import { RedisLink } from './redis-link.js';

@Module({ providers: [RealtimeGateway, RedisLink], exports: [RealtimeGateway, RedisLink] })
export class RealtimeModule {}
