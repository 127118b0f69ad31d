export function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <div className="field-error" id={id}>
      {messages.join(' ')}
    </div>
  );
}
