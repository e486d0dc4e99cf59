import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_EXPORT_LIMIT,
  AUDIT_RESULT_LABELS,
  auditTargetText,
  type AuditAction,
  type AuditEntry,
  type AuditPage,
  type AuditUserOption,
} from '../../../contracts/audit.js';
import { DEFAULT_PAGE_SIZE, type Localized } from '../../../contracts/master-data.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { Language } from '../common/i18n/translator.js';
import { tableWorkbook } from '../master-data/excel-export.js';
import { AUDIT_LABELS, type AuditQueryDto } from './audit.dto.js';
import { securityEventOf, type SecurityAction, type SecurityEventRow } from './security-log.service.js';

// Every action the backend records has a name on the screen: a new SecurityAction without a
// label in contracts/audit.ts fails to compile here.
const ACTION_LABELS: Record<SecurityAction, Localized> = AUDIT_ACTION_LABELS satisfies Record<AuditAction, Localized>;

type AuditRow = SecurityEventRow & { actor_name: string | null };

interface AuditFilter {
  userId: number | null;
  action: string | null;
  from: Date | null;
  /** Exclusive: the start of the day after the last day asked for. */
  until: Date | null;
  result: string | null;
}

/** Start of a YYYY-MM-DD day (plus `days`) on the server's calendar. */
function dayStart(day: string, days = 0): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + days);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as YYYY-MM-DD HH:mm:ss on the server's clock (the factory's). */
function secondOf(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const WHERE = `
  WHERE ($1::int IS NULL OR e.actor_user_id = $1)
    AND ($2::text IS NULL OR e.action = $2)
    AND ($3::timestamptz IS NULL OR e.at >= $3)
    AND ($4::timestamptz IS NULL OR e.at < $4)
    AND ($5::text IS NULL OR e.result = $5)`;

export const AUDIT_SHEET_TITLE: Localized = { 'zh-CN': '审计日志', en: 'Audit trail' };

const COLUMNS: { key: string; label: Localized; width: number; value: (entry: AuditEntry, language: Language) => string }[] = [
  { key: 'at', label: { 'zh-CN': '时间', en: 'When' }, width: 20, value: (e) => secondOf(e.at) },
  {
    key: 'user',
    label: { 'zh-CN': '用户', en: 'User' },
    width: 22,
    value: (e) => (e.actorName && e.actorName !== e.actorUsername ? `${e.actorName} (${e.actorUsername})` : e.actorUsername),
  },
  {
    key: 'action',
    label: { 'zh-CN': '操作', en: 'Action' },
    width: 18,
    value: (e, language) => (Object.hasOwn(ACTION_LABELS, e.action) ? ACTION_LABELS[e.action as SecurityAction][language] : e.action),
  },
  { key: 'target', label: { 'zh-CN': '对象', en: 'Target' }, width: 28, value: (e, language) => auditTargetText(e, language) },
  { key: 'ip', label: { 'zh-CN': 'IP 地址', en: 'IP address' }, width: 18, value: (e) => e.ip },
  { key: 'result', label: { 'zh-CN': '结果', en: 'Result' }, width: 10, value: (e, language) => AUDIT_RESULT_LABELS[e.result]?.[language] ?? e.result },
];

/** Reads the audit trail (table security_event) for the audit screen and its export. */
@Injectable()
export class AuditTrailService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(query: AuditQueryDto): Promise<AuditPage> {
    const filter = filterOf(query);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const [{ total }]: { total: number }[] = await this.dataSource.query(`SELECT count(*)::int AS total FROM security_event e ${WHERE}`, params(filter));
    const list = await this.rows(filter, pageSize, (page - 1) * pageSize);
    return { list, total, page, pageSize };
  }

  /**
   * The filtered trail as one worksheet (newest first). More than AUDIT_EXPORT_LIMIT rows is
   * refused (exportTooLarge: narrow the dates), like every other export — never cut short silently.
   */
  async workbook(query: AuditQueryDto, language: Language): Promise<Buffer> {
    const filter = filterOf(query);
    const [{ total }]: { total: number }[] = await this.dataSource.query(`SELECT count(*)::int AS total FROM security_event e ${WHERE}`, params(filter));
    if (total > AUDIT_EXPORT_LIMIT) throw new DomainException('auditExportTooLarge', { count: total, max: AUDIT_EXPORT_LIMIT });
    const rows = await this.rows(filter, AUDIT_EXPORT_LIMIT, 0);
    return tableWorkbook(
      AUDIT_SHEET_TITLE[language],
      COLUMNS.map((column) => ({ key: column.key, header: column.label[language], width: column.width })),
      rows.map((entry) => Object.fromEntries(COLUMNS.map((column) => [column.key, column.value(entry, language)]))),
    );
  }

  /** Every account, for the user filter (the audit screen may be held without the user screen). */
  async users(): Promise<AuditUserOption[]> {
    const rows: { id: number; username: string; nickname: string | null }[] = await this.dataSource.query(
      `SELECT id, username, nickname FROM app_user ORDER BY lower(username), id`,
    );
    return rows.map((row) => ({ id: row.id, username: row.username, name: row.nickname || row.username }));
  }

  private async rows(filter: AuditFilter, limit: number, offset: number): Promise<AuditEntry[]> {
    const rows: AuditRow[] = await this.dataSource.query(
      `SELECT e.*, u.nickname AS actor_name
         FROM security_event e LEFT JOIN app_user u ON u.id = e.actor_user_id
         ${WHERE}
        ORDER BY e.at DESC, e.id DESC
        LIMIT $6 OFFSET $7`,
      [...params(filter), limit, offset],
    );
    // The actor's name as it is now; a deleted account shows the name it acted under.
    return rows.map((row) => ({ ...securityEventOf(row), actorName: row.actor_name || (row.actor_user_id ? row.actor_username : '') }));
  }
}

function params(filter: AuditFilter): unknown[] {
  return [filter.userId, filter.action, filter.from?.toISOString() ?? null, filter.until?.toISOString() ?? null, filter.result];
}

/** The query as SQL parameters; a from-day after its to-day is a 400 naming the to-field. */
function filterOf(query: AuditQueryDto): AuditFilter {
  if (query.from && query.to && query.from > query.to) {
    throw new DomainException('validation', {}, { field: 'to', problem: 'min', params: { min: query.from }, label: AUDIT_LABELS.to });
  }
  return {
    userId: query.userId ?? null,
    action: query.action ?? null,
    from: query.from ? dayStart(query.from) : null,
    until: query.to ? dayStart(query.to, 1) : null,
    result: query.result ?? null,
  };
}
