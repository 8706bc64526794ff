/** The fields events, news and circulars share: the title, the date and the description. */
import { TextField } from '../forms/TextField.tsx';

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

export function DescriptionField({ idPrefix, required = false, ...field }: ItemFieldProps & { required?: boolean }) {
  return (
    <TextField
      id={`${idPrefix}-description`}
      label="Description"
      required={required}
      multiline
      maxLength={5000}
      {...field}
    />
  );
}
