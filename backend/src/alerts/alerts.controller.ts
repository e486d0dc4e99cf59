import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DelayAlert, NotificationList } from '../../../contracts/alerts.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { Authenticated, BoardReader, CurrentUser, ForRoute, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { DelayAlertDto, FollowedOrdersDto, FollowOrderDto, NotificationIdParamDto, NotificationListDto, UnreadCountDto } from './alerts.dto.js';
import { AlertsService } from './alerts.service.js';

/** /api/admin/notifications: the caller's own notifications (the top bar's bell). */
@ApiTags('alerts')
@Controller('admin/notifications')
export class NotificationsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get()
  @Authenticated()
  @ApiOperation({ summary: "The caller's notifications of delay alerts, newest first (50), with the unread count" })
  @ApiEnvelopeResponse(NotificationListDto)
  list(@CurrentUser() user: AuthenticatedUser): Promise<NotificationList> {
    return this.alerts.notifications(user.id);
  }

  @Post('read-all')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: "Marks all the caller's notifications read" })
  @ApiEnvelopeResponse(UnreadCountDto)
  readAll(@CurrentUser() user: AuthenticatedUser): Promise<{ unread: number }> {
    return this.alerts.markAllRead(user.id);
  }

  @Post(':id/read')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: "Marks one of the caller's notifications read (someone else's id: 404); answers the unread count" })
  @ApiEnvelopeResponse(UnreadCountDto)
  read(@CurrentUser() user: AuthenticatedUser, @Param(bodyPipe(NotificationIdParamDto)) params: NotificationIdParamDto): Promise<{ unread: number }> {
    return this.alerts.markRead(user.id, params.id);
  }
}

/** /api/admin/alerts: open alerts for the boards; following an order. */
@ApiTags('alerts')
@Controller('admin/alerts')
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get('open')
  @BoardReader()
  @ApiOperation({ summary: 'Open delay alerts (boards mark their orders); events alert.raised / alert.cleared keep them current' })
  @ApiEnvelopeResponse(DelayAlertDto, { isArray: true })
  open(): Promise<DelayAlert[]> {
    return this.alerts.openAlerts();
  }

  @Get('following')
  @Authenticated()
  @ApiOperation({ summary: 'Ids of the orders the caller follows' })
  @ApiEnvelopeResponse(FollowedOrdersDto)
  following(@CurrentUser() user: AuthenticatedUser): Promise<{ orderIds: number[] }> {
    return this.alerts.followed(user.id);
  }

  @Post('follow')
  @HttpCode(200)
  @ForRoute('ScheduleUpdate', 'ScheduleIndex', 'ProductionOrderIndex')
  @ApiOperation({ summary: "Follow an order: the caller is told about its delay alerts (unknown order: 404)" })
  @ApiBody({ type: FollowOrderDto })
  @ApiEnvelopeResponse(FollowedOrdersDto)
  follow(@CurrentUser() user: AuthenticatedUser, @Body(bodyPipe(FollowOrderDto)) body: FollowOrderDto): Promise<{ orderIds: number[] }> {
    return this.alerts.follow(user.id, body.orderId);
  }

  @Post('unfollow')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Stop following an order (unknown order: 404)' })
  @ApiBody({ type: FollowOrderDto })
  @ApiEnvelopeResponse(FollowedOrdersDto)
  unfollow(@CurrentUser() user: AuthenticatedUser, @Body(bodyPipe(FollowOrderDto)) body: FollowOrderDto): Promise<{ orderIds: number[] }> {
    return this.alerts.unfollow(user.id, body.orderId);
  }
}
