/** An on/off setting: a checkbox shown as a switch (role="switch"), its label beside it. */
export interface SwitchRowProps {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** The id of a hint under the row that the switch is described by. */
  describedBy?: string;
}

export function SwitchRow({ id, label, checked, onChange, disabled, describedBy }: SwitchRowProps) {
  return (
    <div className="switch-row">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        aria-checked={checked}
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
