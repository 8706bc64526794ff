/** Labelled form fields of the dashboard; required ones say so in their label. */
export function TextField({
  id,
  label,
  value,
  onChange,
  required,
  disabled,
  type = 'text',
  multiline,
  maxLength,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  type?: 'text' | 'date' | 'time';
  multiline?: boolean;
  maxLength?: number;
}) {
  const shared = {
    id,
    value,
    disabled,
    maxLength,
    'aria-required': required || undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className={`field${multiline ? ' field-wide' : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? <span className="required"> (required)</span> : <span className="optional"> (optional)</span>}
      </label>
      {multiline ? <textarea rows={4} {...shared} /> : <input type={type} {...shared} />}
    </div>
  );
}
