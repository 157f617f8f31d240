import type { FieldPath, UseFormReturn } from 'react-hook-form';
import type { ConsultantForm, CreateConsultant } from '#shared/admin/consultants.contract.ts';

export type Form = UseFormReturn<ConsultantForm, unknown, CreateConsultant>;

/** What each part of the consultant form gets from useAdminForm. */
export interface FieldProps {
  form: Form;
  inputId: (path: FieldPath<ConsultantForm>) => string;
  errorOf: (path: FieldPath<ConsultantForm>) => string | undefined;
}
