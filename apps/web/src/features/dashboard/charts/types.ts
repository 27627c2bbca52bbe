/** Which fields each chart type reads (spec 02 §3 "Chart"), for the settings form and the checks before drawing. */
import type { ChartType } from '@askdb/contracts';

export type FieldRole = 'x' | 'y' | 'angle' | 'group' | 'text' | 'value' | 'bin';

export interface TypeInfo {
  /** Roles the type needs; `group` on axis charts is optional (it splits one y into series). */
  required: FieldRole[];
  optional: FieldRole[];
  /** Roles whose column must be numeric. */
  numeric: FieldRole[];
  family: 'pie' | 'axis' | 'scatter' | 'other';
}

const AXIS: TypeInfo = { required: ['x', 'y'], optional: ['group'], numeric: ['y'], family: 'axis' };
const PIE: TypeInfo = { required: ['group', 'angle'], optional: [], numeric: ['angle'], family: 'pie' };

export const TYPE_INFO: Record<ChartType, TypeInfo> = {
  PIE, RING_PIE: PIE, ROSE_PIE: PIE, FUNNEL: PIE,
  BAR: AXIS, COLUMN: AXIS, LINE: AXIS, SMOOTH_LINE: AXIS, STEP_LINE: AXIS, AREA_LINE: AXIS, AREA: AXIS, COMBO: { ...AXIS, optional: [] },
  WATERFALL: { required: ['x', 'y'], optional: [], numeric: ['y'], family: 'axis' },
  SCATTER: { required: ['x', 'y'], optional: ['group'], numeric: ['x', 'y'], family: 'scatter' },
  HISTOGRAM: { required: ['bin'], optional: [], numeric: ['bin'], family: 'other' },
  WORD_CLOUD: { required: ['text', 'value'], optional: [], numeric: ['value'], family: 'other' },
  STATISTIC: { required: ['value'], optional: [], numeric: ['value'], family: 'other' },
  TABLE: { required: [], optional: [], numeric: [], family: 'other' },
};

/** Types with a line (line type, markers apply). */
export const LINE_TYPES = new Set<ChartType>(['LINE', 'SMOOTH_LINE', 'STEP_LINE', 'AREA_LINE', 'AREA', 'COMBO']);
