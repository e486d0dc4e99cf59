import type { ValidationError } from 'class-validator';
import type { Localized } from '../../../../contracts/master-data.js';
import { DomainException } from './domain.exception.js';

/** What went wrong with one field, in terms the translator knows (problems.* keys). */
export interface FieldProblem {
  field: string;
  problem: string;
  params: Record<string, string | number>;
  /** The field's label in each language, when the DTO carries labels (master data). */
  label?: Localized;
}

const CONSTRAINT_PROBLEMS: Record<string, string> = {
  isDefined: 'required',
  isNotEmpty: 'required',
  isString: 'string',
  isInt: 'integer',
  isNumber: 'number',
  isBoolean: 'boolean',
  min: 'min',
  max: 'max',
  maxLength: 'maxLength',
  minLength: 'minLength',
  arrayMaxSize: 'maxItems',
  isArray: 'list',
  isIn: 'oneOf',
  isEnum: 'oneOf',
  whitelistValidation: 'unknownField',
  matches: 'codeInvalid',
  isEmail: 'email',
};

// A value of the wrong kind first: a body that is no list fails its size limit too, and saying
// "at most N items" about it misleads.
const CONSTRAINT_PRIORITY = ['isDefined', 'isNotEmpty', 'isArray', 'isString', 'isInt', 'isNumber', 'isBoolean'];

// class-validator puts the limit only into its English default message; read it from there.
function paramsOf(problem: string, defaultMessage: string): Record<string, string | number> {
  if (problem === 'oneOf') return { values: defaultMessage.split(': ').slice(1).join(': ') };
  const numbers = defaultMessage.match(/-?\d+(\.\d+)?/g);
  const limit = numbers ? Number(numbers[numbers.length - 1]) : '';
  if (problem === 'min' || problem === 'minLength') return { min: limit };
  if (problem === 'maxItems') return { max: limit };
  if (problem === 'max' || problem === 'maxLength') return { max: limit };
  return {};
}

function firstProblem(errors: ValidationError[], labels: Record<string, Localized>, parent = ''): FieldProblem | null {
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    // Report the most basic problem: a missing value before a wrong type before a wrong range.
    const names = Object.keys(constraints);
    const name = CONSTRAINT_PRIORITY.find((n) => names.includes(n)) ?? names[0];
    if (name) {
      // A rule may name its problem itself (context.problem), e.g. a pattern that is not a code.
      const problem = (error.contexts?.[name]?.problem as string | undefined) ?? CONSTRAINT_PROBLEMS[name] ?? 'invalid';
      return { field, problem, params: paramsOf(problem, constraints[name]), label: labels[error.property] };
    }
    const nested = firstProblem(error.children ?? [], {}, field);
    if (nested) return nested;
  }
  return null;
}

/**
 * The ValidationPipe's exceptionFactory: one clear message about the first bad field.
 * `labels` name the fields of DTOs built from master-data definitions.
 */
export function validationException(errors: ValidationError[], labels: Record<string, Localized> = {}): DomainException {
  const problem = firstProblem(errors, labels) ?? { field: 'body', problem: 'invalid', params: {} };
  return new DomainException('validation', {}, { ...problem });
}
