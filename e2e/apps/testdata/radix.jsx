// An admin page built the way shadcn/ui builds one: Radix UI primitives
// (the radix-ui package) styled by the app. A team table whose rows each
// have a dropdown menu (Edit, a Move to submenu, Archive behind an alert
// dialog), a View menu with checkbox items and a radio submenu, a Settings
// dialog (a Select for the theme, a Switch, Save), a preferences card with
// Tabs, a RadioGroup, a Checkbox, a Slider and an Accordion, a Share
// popover whose Copy button raises a Toast, and a Tooltip. The app's state
// is copied to window.app after each render, for the tests' checks.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Accordion, AlertDialog, Checkbox, Dialog, DropdownMenu, Popover, RadioGroup,
  Select, Slider, Switch, Tabs, Toast, Tooltip,
} from 'radix-ui';

const people = [
  { name: 'Olivia Martin', email: 'olivia@example.com', team: 'Design' },
  { name: 'Jackson Lee', email: 'jackson@example.com', team: 'Engineering' },
  { name: 'Isabella Nguyen', email: 'isabella@example.com', team: 'Sales' },
  { name: 'William Kim', email: 'will@example.com', team: 'Engineering' },
];
const teams = ['Design', 'Engineering', 'Sales', 'Support'];

function Icon({ d }) {
  return <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true"><path d={d} stroke="currentColor" fill="none" strokeWidth="2" /></svg>;
}
const dots = 'M5 12h.01M12 12h.01M19 12h.01';
const chevron = 'M6 9l6 6 6-6';

function RowMenu({ person, onMove, onArchive }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button className="btn ghost icon"><Icon d={dots} /><span className="sr-only">Open menu</span></button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
          <DropdownMenu.Label className="menu-label">Actions</DropdownMenu.Label>
          <DropdownMenu.Item className="menu-item" onSelect={() => navigator.clipboard?.writeText(person.email).catch(() => {})}>Copy email</DropdownMenu.Item>
          <DropdownMenu.Separator className="sep" />
          <DropdownMenu.Sub>
            <DropdownMenu.SubTrigger className="menu-item">Move to team<span className="right">›</span></DropdownMenu.SubTrigger>
            <DropdownMenu.Portal>
              <DropdownMenu.SubContent className="menu" sideOffset={2}>
                {teams.map((t) => (
                  <DropdownMenu.Item key={t} className="menu-item" onSelect={() => onMove(t)}>{t}</DropdownMenu.Item>
                ))}
              </DropdownMenu.SubContent>
            </DropdownMenu.Portal>
          </DropdownMenu.Sub>
          <DropdownMenu.Separator className="sep" />
          <DropdownMenu.Item className="menu-item danger" onSelect={onArchive}>Archive</DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function ViewMenu({ columns, setColumns, sort, setSort }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button className="btn outline">View <Icon d={chevron} /></button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
          <DropdownMenu.Label className="menu-label">Toggle columns</DropdownMenu.Label>
          {Object.keys(columns).map((c) => (
            <DropdownMenu.CheckboxItem key={c} className="menu-item check" checked={columns[c]}
              onCheckedChange={(v) => setColumns({ ...columns, [c]: v })}>
              <DropdownMenu.ItemIndicator className="ind">✓</DropdownMenu.ItemIndicator>{c}
            </DropdownMenu.CheckboxItem>
          ))}
          <DropdownMenu.Separator className="sep" />
          <DropdownMenu.Sub>
            <DropdownMenu.SubTrigger className="menu-item">Sort by<span className="right">›</span></DropdownMenu.SubTrigger>
            <DropdownMenu.Portal>
              <DropdownMenu.SubContent className="menu" sideOffset={2}>
                <DropdownMenu.RadioGroup value={sort} onValueChange={setSort}>
                  {['Name', 'Email', 'Team'].map((s) => (
                    <DropdownMenu.RadioItem key={s} value={s} className="menu-item check">
                      <DropdownMenu.ItemIndicator className="ind">•</DropdownMenu.ItemIndicator>{s}
                    </DropdownMenu.RadioItem>
                  ))}
                </DropdownMenu.RadioGroup>
              </DropdownMenu.SubContent>
            </DropdownMenu.Portal>
          </DropdownMenu.Sub>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function SettingsDialog({ settings, onSave }) {
  const [open, setOpen] = useState(false);
  const [theme, setTheme] = useState(settings.theme);
  const [email, setEmail] = useState(settings.emails);
  const [name, setName] = useState(settings.workspace);
  window.app.draft = { theme, emails: email, workspace: name, open };
  return (
    <Dialog.Root open={open} onOpenChange={(o) => { setOpen(o); if (o) { setTheme(settings.theme); setEmail(settings.emails); setName(settings.workspace); } }}>
      <Dialog.Trigger asChild><button className="btn outline">Settings</button></Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="title">Workspace settings</Dialog.Title>
          <Dialog.Description className="muted">Make changes to your workspace here. Click save when you're done.</Dialog.Description>
          <div className="field">
            <label htmlFor="ws-name">Workspace name</label>
            <input id="ws-name" className="input" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="field">
            <label id="theme-label">Theme</label>
            <Select.Root value={theme} onValueChange={setTheme}>
              <Select.Trigger className="select-trigger" aria-labelledby="theme-label">
                <Select.Value placeholder="Select a theme" />
                <Select.Icon><Icon d={chevron} /></Select.Icon>
              </Select.Trigger>
              <Select.Portal>
                <Select.Content className="menu" position="popper" sideOffset={4}>
                  <Select.Viewport>
                    {['Light', 'Dark', 'System'].map((t) => (
                      <Select.Item key={t} value={t.toLowerCase()} className="menu-item check">
                        <Select.ItemText>{t}</Select.ItemText>
                        <Select.ItemIndicator className="ind">✓</Select.ItemIndicator>
                      </Select.Item>
                    ))}
                  </Select.Viewport>
                </Select.Content>
              </Select.Portal>
            </Select.Root>
          </div>
          <div className="field row">
            <label htmlFor="emails">Email notifications</label>
            <Switch.Root id="emails" className="switch" checked={email} onCheckedChange={setEmail}>
              <Switch.Thumb className="thumb" />
            </Switch.Root>
          </div>
          <div className="footer">
            <Dialog.Close asChild><button className="btn outline">Cancel</button></Dialog.Close>
            <button className="btn" onClick={() => { onSave({ theme, emails: email, workspace: name }); setOpen(false); }}>Save changes</button>
          </div>
          <Dialog.Close asChild><button className="close" aria-label="Close">×</button></Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Preferences({ prefs, setPrefs }) {
  const set = (k) => (v) => setPrefs((p) => ({ ...p, [k]: v }));
  return (
    <div className="card">
      <Tabs.Root defaultValue="account">
        <Tabs.List className="tabs" aria-label="Preferences">
          <Tabs.Trigger className="tab" value="account">Account</Tabs.Trigger>
          <Tabs.Trigger className="tab" value="notifications">Notifications</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="account" className="pane">
          <p className="muted">Signed in as admin@example.com.</p>
          <Accordion.Root type="single" collapsible className="accordion">
            <Accordion.Item value="danger">
              <Accordion.Header><Accordion.Trigger className="acc-trigger">Danger zone <Icon d={chevron} /></Accordion.Trigger></Accordion.Header>
              <Accordion.Content className="acc-content">
                <p className="muted">Sessions on other devices stay signed in until they expire.</p>
                <button className="btn destructive" onClick={() => set('signedOutOthers')(true)}>Sign out other sessions</button>
              </Accordion.Content>
            </Accordion.Item>
          </Accordion.Root>
        </Tabs.Content>
        <Tabs.Content value="notifications" className="pane">
          <div className="field">
            <label id="digest-label">Email digest</label>
            <RadioGroup.Root className="radios" value={prefs.digest} onValueChange={set('digest')} aria-labelledby="digest-label">
              {['Daily', 'Weekly', 'Never'].map((d) => (
                <div className="row" key={d}>
                  <RadioGroup.Item className="radio" value={d.toLowerCase()} id={'digest-' + d}><RadioGroup.Indicator className="dot" /></RadioGroup.Item>
                  <label htmlFor={'digest-' + d}>{d}</label>
                </div>
              ))}
            </RadioGroup.Root>
          </div>
          <div className="row field">
            <Checkbox.Root className="checkbox" id="security" checked={prefs.security} onCheckedChange={(v) => set('security')(v === true)}>
              <Checkbox.Indicator>✓</Checkbox.Indicator>
            </Checkbox.Root>
            <label htmlFor="security">Security alerts</label>
          </div>
          <div className="field">
            <label id="volume-label">Notification volume: {prefs.volume}</label>
            <Slider.Root className="slider" value={[prefs.volume]} max={100} step={5} onValueChange={([v]) => set('volume')(v)}>
              <Slider.Track className="track"><Slider.Range className="range" /></Slider.Track>
              <Slider.Thumb className="slider-thumb" aria-label="Volume" />
            </Slider.Root>
          </div>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function Share({ onCopied }) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild><button className="btn outline">Share</button></Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="popover" sideOffset={4} align="end">
          <p className="title">Share this workspace</p>
          <p className="muted">Anyone with the link can view.</p>
          <div className="row">
            <label htmlFor="link" className="sr-only">Link</label>
            <input id="link" className="input" readOnly value="https://example.com/w/acme" />
            <button className="btn" onClick={onCopied}>Copy link</button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function App() {
  const [rows, setRows] = useState(people);
  const [archived, setArchived] = useState([]);
  const [confirm, setConfirm] = useState(null);
  const [columns, setColumns] = useState({ Email: true, Team: true });
  const [sort, setSort] = useState('Name');
  const [settings, setSettings] = useState({ theme: 'light', emails: false, workspace: 'Acme' });
  const [prefs, setPrefs] = useState({ digest: 'daily', security: false, volume: 50, signedOutOthers: false });
  const [toasts, setToasts] = useState([]);
  const sorted = [...rows].sort((a, b) => a[sort.toLowerCase()].localeCompare(b[sort.toLowerCase()]));
  Object.assign(window.app, { rows: sorted.map((r) => `${r.name}/${r.team}`), archived, columns, sort, settings, prefs, toasts });
  return (
    <Tooltip.Provider delayDuration={200}>
      <Toast.Provider swipeDirection="right">
        <header className="top">
          <h1>Team</h1>
          <div className="row">
            <Tooltip.Root>
              <Tooltip.Trigger asChild><button className="btn ghost icon" aria-label="Help">?</button></Tooltip.Trigger>
              <Tooltip.Portal><Tooltip.Content className="tooltip" sideOffset={4}>Press ? for shortcuts</Tooltip.Content></Tooltip.Portal>
            </Tooltip.Root>
            <Share onCopied={() => setToasts((t) => [...t, 'Link copied'])} />
            <SettingsDialog settings={settings} onSave={setSettings} />
          </div>
        </header>
        <main>
          <div className="card">
            <div className="row spread">
              <h2>Members</h2>
              <ViewMenu columns={columns} setColumns={setColumns} sort={sort} setSort={setSort} />
            </div>
            <table className="table">
              <thead><tr><th>Name</th>{columns.Email && <th>Email</th>}{columns.Team && <th>Team</th>}<th><span className="sr-only">Actions</span></th></tr></thead>
              <tbody>
                {sorted.map((p) => (
                  <tr key={p.email}>
                    <td>{p.name}</td>{columns.Email && <td>{p.email}</td>}{columns.Team && <td>{p.team}</td>}
                    <td className="end"><RowMenu person={p}
                      onMove={(t) => setRows((rs) => rs.map((r) => (r === p ? { ...r, team: t } : r)))}
                      onArchive={() => setConfirm(p)} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Preferences prefs={prefs} setPrefs={setPrefs} />
        </main>
        <AlertDialog.Root open={!!confirm} onOpenChange={(o) => { if (!o) setConfirm(null); }}>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="overlay" />
            <AlertDialog.Content className="dialog">
              <AlertDialog.Title className="title">Archive {confirm?.name}?</AlertDialog.Title>
              <AlertDialog.Description className="muted">They lose access to the workspace. You can restore them later.</AlertDialog.Description>
              <div className="footer">
                <AlertDialog.Cancel className="btn outline">Cancel</AlertDialog.Cancel>
                <AlertDialog.Action className="btn destructive" onClick={() => {
                  setRows((rs) => rs.filter((r) => r !== confirm));
                  setArchived((a) => [...a, confirm.name]);
                }}>Archive</AlertDialog.Action>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
        {toasts.map((t, i) => (
          <Toast.Root key={i} className="toast" duration={60000}>
            <Toast.Title className="title">{t}</Toast.Title>
            <Toast.Description className="muted">The link is on your clipboard.</Toast.Description>
          </Toast.Root>
        ))}
        <Toast.Viewport className="toast-viewport" />
      </Toast.Provider>
    </Tooltip.Provider>
  );
}

window.app = {};
createRoot(document.getElementById('root')).render(<App />);
