import { Injectable } from '@nestjs/common';
import type { DelayAlert, NotificationList } from '../../../contracts/alerts.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { AlertClock } from './alert-clock.js';
import { AlertsRepository } from './alerts.repository.js';

/** A user's own notifications, the open alerts the boards mark, and following orders. */
@Injectable()
export class AlertsService {
  constructor(
    private readonly repository: AlertsRepository,
    private readonly clock: AlertClock,
  ) {}

  notifications(userId: number): Promise<NotificationList> {
    return this.repository.notificationsOf(userId);
  }

  /** Another user's notification answers exactly like a missing one (404): ids reveal nothing. */
  async markRead(userId: number, id: number): Promise<{ unread: number }> {
    if (!(await this.repository.markRead(userId, id, this.clock.now()))) throw new DomainException('notFound');
    return { unread: await this.repository.unreadOf(userId) };
  }

  async markAllRead(userId: number): Promise<{ unread: number }> {
    await this.repository.markAllRead(userId, this.clock.now());
    return { unread: 0 };
  }

  openAlerts(): Promise<DelayAlert[]> {
    return this.repository.openAlerts();
  }

  async follow(userId: number, orderId: number): Promise<{ orderIds: number[] }> {
    if (!(await this.repository.follow(userId, orderId))) throw new DomainException('notFound');
    return { orderIds: await this.repository.followedBy(userId) };
  }

  async unfollow(userId: number, orderId: number): Promise<{ orderIds: number[] }> {
    if (!(await this.repository.unfollow(userId, orderId))) throw new DomainException('notFound');
    return { orderIds: await this.repository.followedBy(userId) };
  }

  async followed(userId: number): Promise<{ orderIds: number[] }> {
    return { orderIds: await this.repository.followedBy(userId) };
  }
}
