import { useRef, useState, type FormEvent } from 'react';
import {
  FieldShell,
  FormActions,
  Modal,
  ProgressBar,
  TextAreaField,
  TextField,
  fieldErrors,
  formatBytes,
  isCancelled,
  toast,
  utilityFileName,
  type UtilityFile,
} from '@dosar/shared';
import { storeUtil } from '../api/store-utility-file';
import { updateUtil } from '../api/update-utility-file';

interface UtilityFileFormDialogProps {
  companyId: number;
  /** null = a new utility file. */
  util: UtilityFile | null;
  onClose: () => void;
  onSaved: () => void;
}

type Errors = Partial<Record<'title' | 'description' | 'file', string>>;

/** Create or edit a utility file: title, description and the file (replaced only when one is chosen). */
export function UtilityFileFormDialog({ companyId, util, onClose, onSaved }: UtilityFileFormDialogProps) {
  const [title, setTitle] = useState(util?.title ?? '');
  const [description, setDescription] = useState(util?.description ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  const close = () => {
    controllerRef.current?.abort();
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Errors = {};
    if (!title.trim()) local.title = 'Titlul este obligatoriu.';
    if (!util && !file) local.file = 'Alege fișierul.';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    setProgress(0);
    const input = { title: title.trim(), description: description.trim(), file };
    const options = { signal: controller.signal, onProgress: setProgress };
    try {
      if (util) await updateUtil(companyId, util.id, input, options);
      else await storeUtil(companyId, input, options);
      void toast.success(util ? 'Fișierul a fost actualizat.' : 'Fișierul a fost adăugat.');
      onSaved();
    } catch (err) {
      setProgress(null);
      if (isCancelled(err)) return;
      const server = fieldErrors(err);
      setErrors({ title: server.title, description: server.description, file: server.file ?? server.files });
    }
  };

  return (
    <Modal title={util ? `Editează „${util.title}”` : 'Fișier util nou'} onClose={close}>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          id="util-title"
          label="Titlu"
          required
          maxLength={200}
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextAreaField
          id="util-description"
          label="Descriere"
          rows={3}
          maxLength={2000}
          value={description}
          error={errors.description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <FieldShell
          id="util-file"
          label={util ? 'Înlocuiește fișierul (opțional)' : 'Fișier'}
          required={!util}
          error={errors.file}
          hint={util ? `Fișierul actual: ${utilityFileName(util)}` : undefined}
        >
          <input
            id="util-file"
            type="file"
            aria-invalid={errors.file ? true : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setErrors((x) => ({ ...x, file: undefined }));
            }}
          />
        </FieldShell>
        {file && <p className="muted">{`${file.name} · ${formatBytes(file.size)}`}</p>}
        {progress !== null && <ProgressBar value={progress} label="Se încarcă fișierul" />}
        <FormActions
          busy={progress !== null}
          busyLabel="Se salvează…"
          submitLabel="Salvează"
          onCancel={close}
          cancelLabel={progress !== null ? 'Anulează' : 'Renunță'}
        />
      </form>
    </Modal>
  );
}
