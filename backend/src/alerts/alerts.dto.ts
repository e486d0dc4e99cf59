import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, Max, Min } from 'class-validator';
import { ALERT_KINDS, type DelayAlertDetail, type DelayAlertKind } from '../../../contracts/alerts.js';
import type { Localized } from '../../../contracts/master-data.js';
import { ToInteger } from '../common/http/form-transforms.js';
import { MAX_CLIENT_NUMBER } from '../common/http/validation-pipe.js';

const LABELS: Record<string, Localized> = {
  id: { 'zh-CN': '通知', en: 'Notification' },
  orderId: { 'zh-CN': '生产单', en: 'Production order' },
};

/** POST /api/admin/notifications/:id/read */
export class NotificationIdParamDto {
  static fieldLabels = LABELS;
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_CLIENT_NUMBER) id: number;
}

/** POST /api/admin/alerts/follow | unfollow */
export class FollowOrderDto {
  static fieldLabels = LABELS;
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_CLIENT_NUMBER) orderId: number;
}

export class DelayAlertDetailDto implements DelayAlertDetail {
  @ApiProperty({ example: '2026-12-20' }) deliveryDate: string;
  @ApiPropertyOptional({ description: 'stepOverdue: the step due date' }) dueDate?: string;
  @ApiPropertyOptional() planned?: number;
  @ApiPropertyOptional() done?: number;
  @ApiPropertyOptional({ description: 'deliveryAtRisk: pieces left at the end step' }) remaining?: number;
  @ApiPropertyOptional({ description: 'deliveryAtRisk: pieces per day of the slowest started step' }) pacePerDay?: number;
  @ApiPropertyOptional({ type: 'string', nullable: true, description: 'deliveryAtRisk: ISO time; null = never at this pace' }) projectedFinish?: string | null;
}

export class DelayAlertDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: ALERT_KINDS }) kind: DelayAlertKind;
  @ApiProperty() orderId: number;
  @ApiProperty() orderNo: string;
  @ApiProperty({ type: 'integer', nullable: true }) processId: number | null;
  @ApiProperty({ type: 'string', nullable: true }) processName: string | null;
  @ApiProperty() raisedAt: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'set when the cause went away (resolved)' }) clearedAt: string | null;
  @ApiProperty({ type: DelayAlertDetailDto }) detail: DelayAlertDetailDto;
}

export class UserNotificationDto {
  @ApiProperty() id: number;
  @ApiProperty() createdAt: string;
  @ApiProperty({ type: 'string', nullable: true }) readAt: string | null;
  @ApiProperty({ type: DelayAlertDto }) alert: DelayAlertDto;
}

export class NotificationListDto {
  @ApiProperty({ description: 'the caller; pushes arrive in room user:<userId>' }) userId: number;
  @ApiProperty({ type: [UserNotificationDto], description: 'newest first, at most 50' }) items: UserNotificationDto[];
  @ApiProperty({ description: 'unread notifications of the caller' }) unread: number;
}

export class UnreadCountDto {
  @ApiProperty() unread: number;
}

export class FollowedOrdersDto {
  @ApiProperty({ type: [Number] }) orderIds: number[];
}
