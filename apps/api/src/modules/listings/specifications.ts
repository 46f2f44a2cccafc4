import type { SpecificationsInput } from '@benchmarket/shared';
import type { listings } from '../../db/schema.js';

type ListingInsert = typeof listings.$inferInsert;

/** The specification columns of a listing row. */
export type SpecificationColumns = Pick<
  ListingInsert,
  | 'manufacturer'
  | 'model'
  | 'yearOfManufacture'
  | 'hoursOfUse'
  | 'serialNumber'
  | 'warranty'
  | 'shipping'
  | 'leadTimeDays'
  | 'includedAccessories'
  | 'deviceClass'
  | 'fda510kNumber'
  | 'ceMarking'
  | 'saleRestriction'
  | 'decontaminationStatus'
  | 'decontaminationDate'
>;

/**
 * Issue 15: what a create or edit body says about the specifications, as columns. Only the
 * fields the body names are returned: on an edit a field left out keeps its value (a client
 * that knows only the spec's first fields cannot wipe them), and `null` clears it. A named
 * `regulatory` or `decontamination` object is taken whole.
 */
export function specificationColumns(input: Partial<SpecificationsInput>): SpecificationColumns {
  const columns: SpecificationColumns = {};
  const set = <K extends keyof SpecificationColumns>(key: K, value: SpecificationColumns[K] | undefined) => {
    if (value !== undefined) columns[key] = value;
  };
  set('manufacturer', input.manufacturer);
  set('model', input.model);
  set('yearOfManufacture', input.year_of_manufacture);
  set('hoursOfUse', input.hours_of_use);
  set('serialNumber', input.serial_number);
  set('warranty', input.warranty);
  set('shipping', input.shipping);
  set('leadTimeDays', input.lead_time_days);
  if (input.included_accessories !== undefined) columns.includedAccessories = input.included_accessories ?? [];
  if (input.regulatory !== undefined) {
    const regulatory = input.regulatory ?? {};
    columns.deviceClass = regulatory.device_class ?? null;
    columns.fda510kNumber = regulatory.fda_510k_number ?? null;
    columns.ceMarking = regulatory.ce_marking ?? null;
    columns.saleRestriction = regulatory.sale_restriction ?? 'none';
  }
  if (input.decontamination !== undefined) {
    columns.decontaminationStatus = input.decontamination?.status ?? null;
    columns.decontaminationDate = input.decontamination?.date ?? null;
  }
  return columns;
}

/** Maker and model after an edit: the body's when it names them, else the row's. */
export function makerAndModel(
  columns: SpecificationColumns,
  current?: { manufacturer: string | null; model: string | null },
): { manufacturer: string | null; model: string | null } {
  return {
    manufacturer: columns.manufacturer !== undefined ? columns.manufacturer : (current?.manufacturer ?? null),
    model: columns.model !== undefined ? columns.model : (current?.model ?? null),
  };
}
