/**
 * English text for the domain's Problems (src/domain returns i18n keys, never text), so a
 * refusal's msg says why in words: PROTOCOL 1.2 "a clear msg". Only the keys the
 * interactive features can meet are listed; any other key is shown as it is.
 */
import type { Problem } from '../../../src/domain';
import { invalid, type BizError } from '../../http/envelope.js';

const TEXT: Readonly<Record<string, string>> = {
  'validation.required': 'is required',
  'validation.nickname.mustChange': 'nickname must be set first',
  'validation.amount.required': 'is required',
  'validation.amount.invalid': 'must be an amount in yuan such as "0.01"',
  'validation.amount.tooSmall': 'must be at least {min} yuan',
  'validation.amount.tooPrecise': 'can have at most two decimal places',
  'validation.amount.tooLarge': 'can be at most {max} yuan',
  'validation.question.tooShort': 'question content cannot be less than {min} characters',
  'validation.phone.required': 'is required',
  'validation.phone.invalid': 'invalid phone number format',
  'validation.paper.empty': 'an empty questionnaire cannot be submitted',
  'validation.paper.blankFill': 'fill-in answers cannot be blank',
  'validation.paper.completionRequired': 'the chosen option needs its text filled in',
  'validation.lotteryPassword.required': 'is required',
  'validation.lotteryPassword.tooLong': 'the lottery password is too long (at most {max} characters)',
  'validation.keyword.tooLong': 'the keyword is over the limit of {max} characters',
  'validation.colour.invalid': 'must be a colour written #rgb or #rrggbb',
};

export function problemText(p: Problem): string {
  const template = TEXT[p.key] ?? p.key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = p.params?.[name];
    return value === undefined ? whole : String(value);
  });
}

/** Code 4501 naming the field, with the problem's text as the reason. */
export const invalidBy = (field: string, p: Problem): BizError => invalid(field, problemText(p));
