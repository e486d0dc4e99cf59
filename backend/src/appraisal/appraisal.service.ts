import { Injectable } from '@nestjs/common';
import type { AppraisalReport, PayrollReport, WorkerToday } from '../../../contracts/appraisal.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import type { Language } from '../common/i18n/translator.js';
import { tableWorkbook, type SheetColumn } from '../master-data/excel-export.js';
import { firstDayOfMonth, lastDayOfMonth } from '../progress/calendar.js';
import { daysBetween, localDay } from '../progress/progress-math.js';
import { DEFAULT_APPRAISAL_PAGE_SIZE, MAX_APPRAISAL_DAYS, type AppraisalQueryDto, type PayrollQueryDto } from './appraisal.dto.js';
import { AppraisalRepository, type AppraisalFilter } from './appraisal.repository.js';

/** At most this many rows go into one appraisal export (92 days × 500 workers × a few processes). */
export const APPRAISAL_EXPORT_LIMIT = 200_000;

type Texts = Record<string, Record<Language, string>>;

const HEADERS: Texts = {
  day: { 'zh-CN': '日期', en: 'Day' },
  workerName: { 'zh-CN': '员工', en: 'Worker' },
  username: { 'zh-CN': '账号', en: 'Username' },
  departmentName: { 'zh-CN': '部门', en: 'Department' },
  processName: { 'zh-CN': '工序', en: 'Process' },
  stepName: { 'zh-CN': '子工序', en: 'Sub-process' },
  pieces: { 'zh-CN': '件数', en: 'Pieces' },
  pieceRate: { 'zh-CN': '计件单价', en: 'Piece rate' },
  pay: { 'zh-CN': '计件工资', en: 'Pay' },
  total: { 'zh-CN': '合计', en: 'Total' },
  mixedRates: { 'zh-CN': '多种单价', en: 'several rates' },
};
const SHEETS: Texts = {
  payroll: { 'zh-CN': '计件工资', en: 'Payroll' },
  appraisal: { 'zh-CN': '绩效考核', en: 'Appraisal' },
};

/**
 * Piece-rate pay (contracts/appraisal.ts): the appraisal report, the month's payroll, their
 * Excel files and what the station shows a worker today. The numbers come from the pay summary
 * the scans keep (AppraisalRepository); this class settles periods and shapes answers.
 */
@Injectable()
export class AppraisalService {
  constructor(private readonly repository: AppraisalRepository) {}

  async appraisal(query: AppraisalQueryDto): Promise<AppraisalReport> {
    const filter = filterOf(query);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_APPRAISAL_PAGE_SIZE;
    const numbers = await this.repository.appraisal(filter, { limit: pageSize, offset: (page - 1) * pageSize });
    return { ...numbers, page, pageSize };
  }

  async payroll(query: PayrollQueryDto): Promise<PayrollReport> {
    const from = `${query.month}-01`;
    const lines = await this.repository.payroll(from, lastDayOfMonth(from), query.departmentId);
    return { month: query.month, lines, totals: totalsOf(lines) };
  }

  async payrollWorkbook(query: PayrollQueryDto, language: Language): Promise<{ file: Buffer; name: string }> {
    const report = await this.payroll(query);
    const columns = columnsOf(['workerName', 'username', 'departmentName', 'pieces', 'pay'], language);
    const total = { workerName: HEADERS.total[language], pieces: report.totals.pieces, pay: report.totals.pay };
    const file = await tableWorkbook(`${SHEETS.payroll[language]} ${report.month}`, columns, report.lines as unknown as Record<string, unknown>[], total);
    return { file, name: `${SHEETS.payroll[language]}-${report.month}` };
  }

  async appraisalWorkbook(query: AppraisalQueryDto, language: Language): Promise<{ file: Buffer; name: string }> {
    const filter = filterOf(query);
    const numbers = await this.repository.appraisal(filter, { limit: APPRAISAL_EXPORT_LIMIT, offset: 0 });
    const columns = columnsOf(['day', 'workerName', 'departmentName', 'processName', 'stepName', 'pieces', 'pieceRate', 'pay'], language);
    const rows = numbers.rows.map((row) => ({ ...row, pieceRate: row.pieceRate ?? (row.pay !== 0 ? HEADERS.mixedRates[language] : '') }));
    const total = { day: HEADERS.total[language], pieces: numbers.totals.pieces, pay: numbers.totals.pay };
    const file = await tableWorkbook(SHEETS.appraisal[language], columns, rows, total);
    return { file, name: `${SHEETS.appraisal[language]}-${filter.from}-${filter.to}` };
  }

  /**
   * The station's "today" for a worker: the caller themself, or a worker the caller may credit
   * (an enabled user sharing one of the caller's processes, as a scan credited to them requires).
   */
  async workerToday(workerId: number | undefined, user: AuthenticatedUser): Promise<WorkerToday> {
    const id = workerId ?? user.id;
    const worker = await this.repository.worker(id);
    const mayCredit = worker && (worker.id === user.id || worker.processIds.some((processId) => user.processIds.includes(processId)));
    if (!worker || !mayCredit) throw new DomainException('workerNotAllowed', {}, { field: 'workerId' });
    const day = localDay();
    const byProcess = await this.repository.workerDay(id, day);
    return { workerId: id, workerName: worker.name, day, ...totalsOf(byProcess), byProcess };
  }
}

/** The report's period: default the current month; at most MAX_APPRAISAL_DAYS days. */
function filterOf(query: AppraisalQueryDto): AppraisalFilter {
  const today = localDay();
  const to = query.to ?? lastDayOfMonth(query.from ?? today);
  const from = query.from ?? firstDayOfMonth(to);
  if (daysBetween(from, to) < 0) throw new DomainException('dateRangeReversed', {}, { field: 'to' });
  if (daysBetween(from, to) + 1 > MAX_APPRAISAL_DAYS) throw new DomainException('dateRangeTooLong', { days: MAX_APPRAISAL_DAYS }, { field: 'to' });
  return { from, to, workerId: query.workerId, departmentId: query.departmentId, processId: query.processId };
}

/** Pieces and pay summed; pay to the cent (the parts are cents already, the sum must not drift). */
function totalsOf(parts: { pieces: number; pay: number }[]): { pieces: number; pay: number } {
  const cents = parts.reduce((sum, part) => sum + Math.round(part.pay * 100), 0);
  return { pieces: parts.reduce((sum, part) => sum + part.pieces, 0), pay: cents / 100 };
}

function columnsOf(keys: string[], language: Language): SheetColumn[] {
  const wide = new Set(['workerName', 'departmentName', 'processName', 'stepName']);
  return keys.map((key) => ({ key, header: HEADERS[key][language], width: wide.has(key) ? 22 : 14, money: key === 'pay' || key === 'pieceRate' }));
}
