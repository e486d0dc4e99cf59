import type { NextFunction, Request, Response } from 'express';
import { DomainException } from '../errors/domain.exception.js';

/** Deeper than any form or DTO of the app; class-transformer recurses without a limit. */
export const MAX_BODY_DEPTH = 32;

/** Why a parsed value is refused, or null when it is sane. */
export type InsanityReason = 'tooDeep' | 'nul';

/**
 * Walks a parsed body or query iteratively (never recursively: the point is to survive input a
 * recursive walker would overflow on): too deep → 'tooDeep'; a NUL character in any string,
 * key or value → 'nul' (PostgreSQL refuses it in text with error 22021).
 */
export function findInsanity(root: unknown, maxDepth = MAX_BODY_DEPTH): InsanityReason | null {
  if (typeof root === 'string') return root.includes('\u0000') ? 'nul' : null;
  if (root === null || typeof root !== 'object') return null;
  const stack: { value: object; depth: number }[] = [{ value: root, depth: 1 }];
  const seen = new Set<object>();
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (depth > maxDepth) return 'tooDeep';
    if (seen.has(value)) continue;
    seen.add(value);
    for (const key of Object.keys(value)) {
      if (key.includes('\u0000')) return 'nul';
      const child = (value as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        if (child.includes('\u0000')) return 'nul';
      } else if (child !== null && typeof child === 'object' && !Buffer.isBuffer(child)) {
        stack.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return null;
}

function refuse(reason: InsanityReason): DomainException {
  return reason === 'tooDeep' ? new DomainException('bodyTooDeep', { max: MAX_BODY_DEPTH }) : new DomainException('nulCharacter');
}

/** Throws the translated 400 for an insane value (also for multipart fields, after multer). */
export function assertSane(value: unknown): void {
  const reason = findInsanity(value);
  if (reason) throw refuse(reason);
}

/**
 * Express middleware, mounted right after the JSON and form parsers and before anything else
 * reads the body: refuses bodies nested deeper than MAX_BODY_DEPTH and NUL characters in the
 * body, the query or the path — as a translated 400, before class-transformer or the database
 * ever see them.
 */
export function bodySanity() {
  return (request: Request, _response: Response, next: NextFunction): void => {
    try {
      if (/%00/i.test(request.originalUrl ?? request.url)) throw refuse('nul');
      assertSane(request.body);
      assertSane(request.query);
      next();
    } catch (error) {
      next(error);
    }
  };
}
