/**
 * The listing condition schema (spec §3). The values and labels live in condition-values.ts,
 * which pages can import without zod; they are re-exported here so existing imports keep
 * working.
 */
import { z } from 'zod';
import { CONDITIONS } from './condition-values.js';
import { CONDITION_REQUIRED } from './messages.js';

export { CONDITIONS, CONDITION_LABELS, CONDITION_OPTIONS, conditionLabel, isCondition, type Condition } from './condition-values.js';

export const ConditionSchema = z.enum(CONDITIONS, { error: CONDITION_REQUIRED });
