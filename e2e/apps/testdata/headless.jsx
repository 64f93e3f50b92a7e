// A project board built on headless React components: Headless UI (a
// Listbox for the assignee, a Combobox for the timezone, a Menu of
// actions), react-select for the country, react-datepicker for the due
// date, and a @dnd-kit/sortable list of tasks (a pointer sensor that starts
// a drag after 5 px of movement, and the keyboard sensor). The app's state
// is copied to window.app after each render, for the tests' checks.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Listbox, ListboxButton, ListboxOption, ListboxOptions, Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Menu, MenuButton, MenuItem, MenuItems, Label, Field } from '@headlessui/react';
import Select from 'react-select';
import DatePicker from 'react-datepicker';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

const people = ['Wade Cooper', 'Arlene Mccoy', 'Devon Webb', 'Tom Cook', 'Tanya Fox', 'Hellen Schmidt'];
const zones = ['Europe/Berlin', 'Europe/London', 'America/New_York', 'America/Toronto', 'Asia/Tokyo', 'Australia/Sydney'];
const countries = [
  { value: 'AU', label: 'Australia' }, { value: 'BR', label: 'Brazil' }, { value: 'CA', label: 'Canada' },
  { value: 'DE', label: 'Germany' }, { value: 'FR', label: 'France' }, { value: 'JP', label: 'Japan' },
  { value: 'GB', label: 'United Kingdom' }, { value: 'US', label: 'United States' },
];

function Assignee({ value, onChange }) {
  return (
    <Field className="field">
      <Label>Assignee</Label>
      <Listbox value={value} onChange={onChange}>
        <ListboxButton className="lb-button">{value}<span aria-hidden="true">▾</span></ListboxButton>
        <ListboxOptions anchor="bottom start" className="lb-options">
          {people.map((p) => (
            <ListboxOption key={p} value={p} className="lb-option">{p}</ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}

function Timezone({ value, onChange }) {
  const [query, setQuery] = useState('');
  const shown = query === '' ? zones : zones.filter((z) => z.toLowerCase().includes(query.toLowerCase()));
  return (
    <Field className="field">
      <Label>Timezone</Label>
      <Combobox value={value} onChange={onChange} onClose={() => setQuery('')}>
        <ComboboxInput className="input" displayValue={(z) => z || ''} onChange={(e) => setQuery(e.target.value)} />
        <ComboboxOptions anchor="bottom start" className="lb-options">
          {shown.map((z) => (
            <ComboboxOption key={z} value={z} className="lb-option">{z}</ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
    </Field>
  );
}

function Actions({ onAction }) {
  return (
    <Menu>
      <MenuButton className="btn outline">Options ▾</MenuButton>
      <MenuItems anchor="bottom end" className="lb-options">
        {['Edit', 'Duplicate', 'Archive', 'Delete'].map((a) => (
          <MenuItem key={a}><button className="lb-option" onClick={() => onAction(a)}>{a}</button></MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

function Task({ id }) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id });
  return (
    <li ref={setNodeRef} className="task" style={{ transform: CSS.Transform.toString(transform), transition }} {...attributes} {...listeners}>
      <span className="grip" aria-hidden="true">⠿</span>{id}
    </li>
  );
}

function Tasks({ items, setItems }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }) => {
    if (over && active.id !== over.id) setItems((xs) => arrayMove(xs, xs.indexOf(active.id), xs.indexOf(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        <ul className="tasks" aria-label="Tasks">
          {items.map((id) => <Task key={id} id={id} />)}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function App() {
  const [assignee, setAssignee] = useState(people[0]);
  const [zone, setZone] = useState(null);
  const [country, setCountry] = useState(null);
  const [due, setDue] = useState(new Date(2026, 2, 3));
  const [items, setItems] = useState(['Write the brief', 'Review designs', 'Plan the sprint', 'Deploy to staging', 'Send the release notes']);
  const [actions, setActions] = useState([]);
  const ymd = (d) => (d ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : null);
  Object.assign(window.app, { assignee, zone, country: country && country.label, due: ymd(due), items, actions });
  return (
    <main>
      <header className="row spread">
        <h1>Release 4.2</h1>
        <Actions onAction={(a) => setActions((xs) => [...xs, a])} />
      </header>
      <section className="card grid">
        <Assignee value={assignee} onChange={setAssignee} />
        <Timezone value={zone} onChange={setZone} />
        <div className="field">
          <label htmlFor="country-input">Country</label>
          <Select inputId="country-input" options={countries} value={country} onChange={setCountry} placeholder="Select a country…" />
        </div>
        <div className="field">
          <label htmlFor="due">Due date</label>
          <DatePicker id="due" selected={due} onChange={setDue} dateFormat="yyyy-MM-dd" className="input" />
        </div>
      </section>
      <section className="card">
        <h2>Tasks</h2>
        <Tasks items={items} setItems={setItems} />
      </section>
    </main>
  );
}

window.app = {};
createRoot(document.getElementById('root')).render(<App />);
