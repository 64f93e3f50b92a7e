// A workspace settings page built on Ark UI (@ark-ui/react, the zag.js
// state machines under Chakra UI v3 and Park UI): a Select for the role, a
// Combobox for the country, a DatePicker for the start date, a TagsInput
// for skills, an Editable display name, a FileUpload for the avatar; the
// preferences (Switch, Checkbox, RadioGroup, SegmentGroup, Slider, a range
// Slider, RatingGroup, NumberInput); a PinInput for the verification code;
// a Menu with a nested menu, a Dialog that sends an invitation (a Toast
// says so), Tabs, an Accordion and a Splitter. The parts drive themselves
// by pointer events and state machines. The app's state is copied to
// window.app after each render, for the tests' checks.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Accordion, Checkbox, Combobox, DatePicker, Dialog, Editable, FileUpload, Menu, NumberInput, PinInput, Portal,
  RadioGroup, RatingGroup, SegmentGroup, Select, Slider, Splitter, Switch, Tabs, TagsInput, Toast, Toaster,
  createListCollection, createToaster,
} from '@ark-ui/react';

const toaster = createToaster({ placement: 'bottom-end', overlap: false, gap: 12 });
const roles = createListCollection({ items: ['Viewer', 'Editor', 'Admin', 'Owner'] });
const allCountries = ['Argentina', 'Australia', 'Austria', 'Belgium', 'Brazil', 'Canada', 'Denmark', 'Finland', 'France', 'Germany', 'Norway', 'Portugal', 'Spain', 'Sweden'];
const pad = (n) => String(n).padStart(2, '0');

function Field({ label, children }) { return <div className="field"><span className="lbl">{label}</span>{children}</div>; }

function RoleSelect({ value, onChange }) {
  return (
    <Select.Root collection={roles} value={value ? [value] : []} onValueChange={(d) => onChange(d.value[0])} positioning={{ sameWidth: true }}>
      <Select.Label>Role</Select.Label>
      <Select.Control>
        <Select.Trigger className="select-trigger"><Select.ValueText placeholder="Pick a role" /><Select.Indicator>▾</Select.Indicator></Select.Trigger>
      </Select.Control>
      <Portal>
        <Select.Positioner>
          <Select.Content className="menu">
            {roles.items.map((r) => (
              <Select.Item key={r} item={r} className="menu-item"><Select.ItemText>{r}</Select.ItemText><Select.ItemIndicator className="right">✓</Select.ItemIndicator></Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
      <Select.HiddenSelect />
    </Select.Root>
  );
}

function CountryCombobox({ value, onChange }) {
  const [items, setItems] = useState(allCountries);
  const collection = createListCollection({ items });
  return (
    <Combobox.Root collection={collection} value={value ? [value] : []} onValueChange={(d) => onChange(d.value[0] || null)}
      onInputValueChange={(d) => setItems(allCountries.filter((c) => c.toLowerCase().includes(d.inputValue.toLowerCase())))}>
      <Combobox.Label>Country</Combobox.Label>
      <Combobox.Control className="row">
        <Combobox.Input className="input" placeholder="Type to search" />
        <Combobox.Trigger className="btn outline icon">▾</Combobox.Trigger>
      </Combobox.Control>
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content className="menu">
            {collection.items.map((c) => (
              <Combobox.Item key={c} item={c} className="menu-item"><Combobox.ItemText>{c}</Combobox.ItemText></Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}

function StartDate({ onChange }) {
  return (
    <DatePicker.Root locale="en-US" onValueChange={(d) => { const v = d.value[0]; onChange(v ? `${v.year}-${pad(v.month)}-${pad(v.day)}` : null); }}>
      <DatePicker.Label>Start date</DatePicker.Label>
      <DatePicker.Control className="row">
        <DatePicker.Input className="input" placeholder="mm/dd/yyyy" />
        <DatePicker.Trigger className="btn outline icon" aria-label="Open calendar">📅</DatePicker.Trigger>
      </DatePicker.Control>
      <Portal>
        <DatePicker.Positioner>
          <DatePicker.Content className="menu">
            <DatePicker.View view="day">
              <DatePicker.Context>
                {(api) => (
                  <>
                    <DatePicker.ViewControl className="row spread">
                      <DatePicker.PrevTrigger className="btn ghost icon">‹</DatePicker.PrevTrigger>
                      <DatePicker.ViewTrigger className="btn ghost"><DatePicker.RangeText /></DatePicker.ViewTrigger>
                      <DatePicker.NextTrigger className="btn ghost icon">›</DatePicker.NextTrigger>
                    </DatePicker.ViewControl>
                    <DatePicker.Table>
                      <DatePicker.TableHead>
                        <DatePicker.TableRow>{api.weekDays.map((d, i) => <DatePicker.TableHeader key={i}>{d.narrow}</DatePicker.TableHeader>)}</DatePicker.TableRow>
                      </DatePicker.TableHead>
                      <DatePicker.TableBody>
                        {api.weeks.map((week, i) => (
                          <DatePicker.TableRow key={i}>
                            {week.map((day, j) => (
                              <DatePicker.TableCell key={j} value={day}><DatePicker.TableCellTrigger className="day">{day.day}</DatePicker.TableCellTrigger></DatePicker.TableCell>
                            ))}
                          </DatePicker.TableRow>
                        ))}
                      </DatePicker.TableBody>
                    </DatePicker.Table>
                  </>
                )}
              </DatePicker.Context>
            </DatePicker.View>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </Portal>
    </DatePicker.Root>
  );
}

function Skills({ value, onChange }) {
  return (
    <TagsInput.Root value={value} onValueChange={(d) => onChange(d.value)}>
      <TagsInput.Label>Skills</TagsInput.Label>
      <TagsInput.Control className="tags">
        {value.map((v, i) => (
          <TagsInput.Item key={v} index={i} value={v} className="tag">
            <TagsInput.ItemPreview className="row"><TagsInput.ItemText>{v}</TagsInput.ItemText><TagsInput.ItemDeleteTrigger className="x">✕</TagsInput.ItemDeleteTrigger></TagsInput.ItemPreview>
            <TagsInput.ItemInput />
          </TagsInput.Item>
        ))}
        <TagsInput.Input className="bare" placeholder="Add a skill" />
      </TagsInput.Control>
      <TagsInput.HiddenInput />
    </TagsInput.Root>
  );
}

function DisplayName({ value, onChange }) {
  return (
    <Editable.Root value={value} onValueChange={(d) => onChange(d.value)} placeholder="Your name" activationMode="click">
      <Editable.Label>Display name</Editable.Label>
      <Editable.Area className="editable"><Editable.Input className="input" /><Editable.Preview /></Editable.Area>
    </Editable.Root>
  );
}

function Avatar({ files, onChange }) {
  return (
    <FileUpload.Root maxFiles={3} accept="image/*,.txt" onFileChange={(d) => onChange(d.acceptedFiles.map((f) => f.name))}>
      <FileUpload.Label>Avatar</FileUpload.Label>
      <FileUpload.Dropzone className="dropzone">Drag an image here<FileUpload.Trigger className="btn outline">Choose file</FileUpload.Trigger></FileUpload.Dropzone>
      <FileUpload.ItemGroup className="files">
        <FileUpload.Context>
          {({ acceptedFiles }) => acceptedFiles.map((f) => (
            <FileUpload.Item key={f.name} file={f} className="row"><FileUpload.ItemName /><FileUpload.ItemDeleteTrigger className="x">✕</FileUpload.ItemDeleteTrigger></FileUpload.Item>
          ))}
        </FileUpload.Context>
      </FileUpload.ItemGroup>
      <FileUpload.HiddenInput />
    </FileUpload.Root>
  );
}

function Preferences({ p, set }) {
  return (
    <div className="grid">
      <Switch.Root className="row" checked={p.dark} onCheckedChange={(d) => set({ dark: d.checked })}>
        <Switch.Control className="switch"><Switch.Thumb className="thumb" /></Switch.Control>
        <Switch.Label>Dark mode</Switch.Label>
        <Switch.HiddenInput />
      </Switch.Root>
      <Checkbox.Root className="row" checked={p.digest} onCheckedChange={(d) => set({ digest: d.checked === true })}>
        <Checkbox.Control className="box"><Checkbox.Indicator>✓</Checkbox.Indicator></Checkbox.Control>
        <Checkbox.Label>Weekly digest</Checkbox.Label>
        <Checkbox.HiddenInput />
      </Checkbox.Root>
      <RadioGroup.Root value={p.plan} onValueChange={(d) => set({ plan: d.value })} className="radios">
        <RadioGroup.Label>Plan</RadioGroup.Label>
        {['Free', 'Pro', 'Enterprise'].map((v) => (
          <RadioGroup.Item key={v} value={v} className="row"><RadioGroup.ItemControl className="dot" /><RadioGroup.ItemText>{v}</RadioGroup.ItemText><RadioGroup.ItemHiddenInput /></RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <SegmentGroup.Root value={p.density} onValueChange={(d) => set({ density: d.value })} className="segments">
        <SegmentGroup.Label>Density</SegmentGroup.Label>
        <SegmentGroup.Indicator className="seg-ind" />
        {['Compact', 'Cozy', 'Roomy'].map((v) => (
          <SegmentGroup.Item key={v} value={v} className="seg"><SegmentGroup.ItemText>{v}</SegmentGroup.ItemText><SegmentGroup.ItemControl /><SegmentGroup.ItemHiddenInput /></SegmentGroup.Item>
        ))}
      </SegmentGroup.Root>
      <Slider.Root value={[p.volume]} onValueChange={(d) => set({ volume: d.value[0] })} className="slider">
        <div className="row spread"><Slider.Label>Volume</Slider.Label><Slider.ValueText /></div>
        <Slider.Control className="control"><Slider.Track className="track"><Slider.Range className="range" /></Slider.Track><Slider.Thumb index={0} className="knob"><Slider.HiddenInput /></Slider.Thumb></Slider.Control>
      </Slider.Root>
      <Slider.Root value={p.price} onValueChange={(d) => set({ price: d.value })} min={0} max={1000} step={10} aria-label={['Minimum price', 'Maximum price']} className="slider">
        <div className="row spread"><Slider.Label>Price range</Slider.Label><Slider.ValueText /></div>
        <Slider.Control className="control"><Slider.Track className="track"><Slider.Range className="range" /></Slider.Track>
          <Slider.Thumb index={0} className="knob"><Slider.HiddenInput /></Slider.Thumb><Slider.Thumb index={1} className="knob"><Slider.HiddenInput /></Slider.Thumb></Slider.Control>
      </Slider.Root>
      <RatingGroup.Root count={5} value={p.rating} onValueChange={(d) => set({ rating: d.value })}>
        <RatingGroup.Label>Rate this workspace</RatingGroup.Label>
        <RatingGroup.Control className="row">
          <RatingGroup.Context>
            {({ items }) => items.map((i) => (
              <RatingGroup.Item key={i} index={i} className="star"><RatingGroup.ItemContext>{({ highlighted }) => (highlighted ? '★' : '☆')}</RatingGroup.ItemContext></RatingGroup.Item>
            ))}
          </RatingGroup.Context>
        </RatingGroup.Control>
        <RatingGroup.HiddenInput />
      </RatingGroup.Root>
      <NumberInput.Root value={String(p.seats)} onValueChange={(d) => set({ seats: d.valueAsNumber })} min={1} max={50}>
        <NumberInput.Label>Seats</NumberInput.Label>
        <NumberInput.Control className="row">
          <NumberInput.DecrementTrigger className="btn outline icon">−</NumberInput.DecrementTrigger>
          <NumberInput.Input className="input num" />
          <NumberInput.IncrementTrigger className="btn outline icon">+</NumberInput.IncrementTrigger>
        </NumberInput.Control>
      </NumberInput.Root>
    </div>
  );
}

function Verify({ code, setCode, verified, onVerify }) {
  return (
    <div className="grid1">
      <PinInput.Root value={code} onValueChange={(d) => setCode(d.value)} otp>
        <PinInput.Label>Verification code</PinInput.Label>
        <PinInput.Control className="row">
          {[0, 1, 2, 3, 4, 5].map((i) => <PinInput.Input key={i} index={i} className="input pin" />)}
        </PinInput.Control>
        <PinInput.HiddenInput />
      </PinInput.Root>
      <button className="btn" onClick={onVerify}>Verify</button>
      {verified && <p role="status">Verified</p>}
    </div>
  );
}

function Actions({ onAction }) {
  return (
    <Menu.Root onSelect={(d) => onAction(d.value)}>
      <Menu.Trigger className="btn outline">Actions ▾</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className="menu">
            <Menu.Item value="rename" className="menu-item">Rename</Menu.Item>
            <Menu.Item value="duplicate" className="menu-item">Duplicate</Menu.Item>
            <Menu.Root onSelect={(d) => onAction(`move:${d.value}`)}>
              <Menu.TriggerItem className="menu-item">Move to <span className="right">›</span></Menu.TriggerItem>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content className="menu">
                    {['Personal', 'Marketing', 'Engineering'].map((t) => <Menu.Item key={t} value={t} className="menu-item">{t}</Menu.Item>)}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
            <Menu.Separator className="sep" />
            <Menu.Item value="delete" className="menu-item danger">Delete workspace</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function Invite({ onSent }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  return (
    <Dialog.Root open={open} onOpenChange={(d) => setOpen(d.open)}>
      <Dialog.Trigger className="btn">Invite member</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop className="overlay" />
        <Dialog.Positioner>
          <Dialog.Content className="dialog">
            <Dialog.Title className="title">Invite a member</Dialog.Title>
            <Dialog.Description className="muted">They will get an email with a link.</Dialog.Description>
            <label className="field">Email address<input className="input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} /></label>
            <div className="footer">
              <Dialog.CloseTrigger className="btn outline">Cancel</Dialog.CloseTrigger>
              <button className="btn" onClick={() => { onSent(email); setOpen(false); setEmail(''); toaster.create({ title: `Invitation sent to ${email}`, type: 'success' }); }}>Send invitation</button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function App() {
  const [role, setRole] = useState('Viewer');
  const [country, setCountry] = useState(null);
  const [start, setStart] = useState(null);
  const [skills, setSkills] = useState(['React', 'CSS']);
  const [name, setName] = useState('Ada Lovelace');
  const [files, setFiles] = useState([]);
  const [prefs, setPrefs] = useState({ dark: false, digest: false, plan: 'Free', density: 'Cozy', volume: 40, price: [200, 800], rating: 0, seats: 3 });
  const [code, setCode] = useState(['', '', '', '', '', '']);
  const [verified, setVerified] = useState(null);
  const [actions, setActions] = useState([]);
  const [invites, setInvites] = useState([]);
  const [tab, setTab] = useState('profile');
  const [faq, setFaq] = useState([]);
  const [sizes, setSizes] = useState([50, 50]);
  const set = (o) => setPrefs((p) => ({ ...p, ...o }));
  Object.assign(window.app, { role, country, start, skills, name, files, prefs, code: code.join(''), verified, actions, invites, tab, faq, sizes: sizes.map(Math.round) });
  return (
    <main>
      <header className="row spread">
        <h1>Acme workspace</h1>
        <div className="row"><Invite onSent={(e) => setInvites((xs) => [...xs, e])} /><Actions onAction={(a) => setActions((xs) => [...xs, a])} /></div>
      </header>
      <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value)}>
        <Tabs.List className="tabs">
          <Tabs.Trigger value="profile" className="tab">Profile</Tabs.Trigger>
          <Tabs.Trigger value="preferences" className="tab">Preferences</Tabs.Trigger>
          <Tabs.Trigger value="security" className="tab">Security</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="profile" className="card grid">
          <DisplayName value={name} onChange={setName} />
          <RoleSelect value={role} onChange={setRole} />
          <CountryCombobox value={country} onChange={setCountry} />
          <StartDate onChange={setStart} />
          <Skills value={skills} onChange={setSkills} />
          <Avatar files={files} onChange={setFiles} />
        </Tabs.Content>
        <Tabs.Content value="preferences" className="card"><Preferences p={prefs} set={set} /></Tabs.Content>
        <Tabs.Content value="security" className="card grid1">
          <Verify code={code} setCode={setCode} verified={verified} onVerify={() => setVerified(code.join(''))} />
          <Accordion.Root collapsible multiple value={faq} onValueChange={(d) => setFaq(d.value)}>
            {[['sessions', 'Where am I signed in?', 'On this device only.'], ['keys', 'How do I rotate my keys?', 'Rotate them from the API page.']].map(([v, q, a]) => (
              <Accordion.Item key={v} value={v}>
                <Accordion.ItemTrigger className="acc">{q}<Accordion.ItemIndicator>▾</Accordion.ItemIndicator></Accordion.ItemTrigger>
                <Accordion.ItemContent className="muted">{a}</Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </Tabs.Content>
      </Tabs.Root>
      <section className="card">
        <h2>Layout</h2>
        <Splitter.Root panels={[{ id: 'files', minSize: 10 }, { id: 'preview', minSize: 10 }]} size={sizes} onResize={(d) => setSizes(d.size)} className="splitter">
          <Splitter.Panel id="files" className="pane">Files</Splitter.Panel>
          <Splitter.ResizeTrigger id="files:preview" aria-label="Resize the files panel" className="handle" />
          <Splitter.Panel id="preview" className="pane">Preview</Splitter.Panel>
        </Splitter.Root>
      </section>
      <Toaster toaster={toaster}>
        {(t) => <Toast.Root className="toast"><Toast.Title>{t.title}</Toast.Title><Toast.CloseTrigger className="x">✕</Toast.CloseTrigger></Toast.Root>}
      </Toaster>
    </main>
  );
}

window.app = {};
createRoot(document.getElementById('root')).render(<App />);
