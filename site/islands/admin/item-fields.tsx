/** The fields events, news and circulars share: the title, the date and the description. */
import type { ReactNode } from 'react';
import { TextField } from '../forms/TextField.tsx';
import { TextWarnings } from './accessibility/TextWarnings.tsx';
import { MarkdownField } from './editor/MarkdownField.tsx';

interface ItemFieldProps {
  /** The form's prefix: the field's id is `${idPrefix}-title`, `-date`, `-description`. */
  idPrefix: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}

export function TitleField({ idPrefix, ...field }: ItemFieldProps) {
  return <TextField id={`${idPrefix}-title`} label="Title" required maxLength={200} {...field} />;
}

export function DateField({ idPrefix, ...field }: ItemFieldProps) {
  return <TextField id={`${idPrefix}-date`} label="Date" type="date" required {...field} />;
}

/** The description, in the visual editor (Markdown); `below` is shown under it (the checker's warnings). */
export function DescriptionField({
  idPrefix,
  required = false,
  below,
  ...field
}: ItemFieldProps & { required?: boolean; below?: ReactNode }) {
  return (
    <MarkdownField
      id={`${idPrefix}-description`}
      label="Description"
      required={required}
      maxLength={5000}
      below={below ?? <TextWarnings fieldId={`${idPrefix}-description`} text={field.value} />}
      {...field}
    />
  );
}
