/** The fields events, news and circulars share: the title, the date and the description. */
import { TextField } from '../forms/TextField.tsx';
import { TextWarnings } from './accessibility/TextWarnings.tsx';
import { MarkdownField } from './editor/MarkdownField.tsx';
import { TranslatableField, type Translating } from './translations/TranslatableField.tsx';

interface ItemFieldProps {
  /** The form's prefix: the field's id is `${idPrefix}-title`, `-date`, `-description`. */
  idPrefix: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}

/** A text of the item that may be translated: in each of the site's languages. */
interface TranslatedFieldProps extends ItemFieldProps {
  translating?: Translating | undefined;
}

export function TitleField({ idPrefix, translating, disabled, ...field }: TranslatedFieldProps) {
  return (
    <TranslatableField
      id={`${idPrefix}-title`}
      label="Title"
      field="title"
      translating={translating}
      required
      {...field}
    >
      {(text) => <TextField {...text} maxLength={200} disabled={disabled} />}
    </TranslatableField>
  );
}

export function DateField({ idPrefix, ...field }: ItemFieldProps) {
  return <TextField id={`${idPrefix}-date`} label="Date" type="date" required {...field} />;
}

/** The description, in the visual editor (Markdown), with the checker's warnings on it under it. */
export function DescriptionField({
  idPrefix,
  required = false,
  translating,
  disabled,
  ...field
}: TranslatedFieldProps & { required?: boolean }) {
  return (
    <TranslatableField
      id={`${idPrefix}-description`}
      label="Description"
      field="description"
      translating={translating}
      required={required}
      {...field}
    >
      {(text) => (
        <MarkdownField
          {...text}
          maxLength={5000}
          disabled={disabled}
          below={<TextWarnings fieldId={text.id} text={text.value} />}
        />
      )}
    </TranslatableField>
  );
}
