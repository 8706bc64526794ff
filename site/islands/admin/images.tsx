/** Image pieces of the dashboard: file choosers, upload progress and small thumbnails. */
import { useId } from 'react';
import { imageUrl } from '../../lib/image-sources.ts';
import { Field } from '../forms/Field.tsx';

export interface FileInputProps {
  label: string;
  onFile: (file: File | null) => void;
  required?: boolean;
  disabled?: boolean;
}

/** A file chooser for images only. Give it a new `key` to clear it after a successful upload. */
export function ImageInput(props: FileInputProps) {
  return <FileInput {...props} name="image" accept="image/*" />;
}

/** A file chooser for the files `accept` names. Give it a new `key` to clear it. */
export function FileInput({
  label,
  onFile,
  required = false,
  disabled,
  name,
  accept,
}: FileInputProps & { name: string; accept: string }) {
  const id = useId();
  return (
    <Field id={id} name={name} label={label} required={required}>
      {({ required: _required, ...control }) => (
        <input
          {...control}
          type="file"
          accept={accept}
          disabled={disabled}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
      )}
    </Field>
  );
}

/** How far an upload has got; once sent, the server still resizes the image (or `sentText`). */
export function UploadProgress({
  sent,
  sentText = 'Processing the image…',
}: {
  sent: number | null;
  sentText?: string;
}) {
  if (sent === null) return null;
  const percent = Math.round(sent * 100);
  return (
    <p className="upload-progress" role="status">
      <progress max={100} value={percent} aria-label="Upload progress" />
      <span>{percent < 100 ? `Uploading… ${percent}%` : sentText}</span>
    </p>
  );
}

/** The 320 px rendition of a stored image, cropped to a tidy tile by the styles. */
export function Thumbnail({ imageId, alt, className = '' }: { imageId: string; alt: string; className?: string }) {
  return (
    <img
      className={`thumb ${className}`.trim()}
      src={imageUrl(imageId, 320)}
      alt={alt}
      width={160}
      height={120}
      loading="lazy"
      decoding="async"
    />
  );
}
