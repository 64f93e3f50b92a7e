// An event planner on React Aria Components (Adobe), bundled by
// driver/build.mjs. Its presses go through usePress (pointer events with a
// pointerType, a pointerdown and pointerup pair on the same element, or a
// virtual click of detail 0); its Select is a button over a hidden native
// select with a ListBox in a popover; its ComboBox an input with a
// popover ListBox; its DatePicker and DateField are groups of
// contenteditable spinbutton segments typed digit by digit (and a
// TimeField whose AM/PM part takes letters), the picker
// with a calendar in a popover; the Slider is a range input under a thumb
// dragged on pointer events; Menu, Modal Dialog, Tabs, a reorderable
// GridList (drag and drop) and a Table sorted by its column headers with
// row selection. The app's state is copied to window.app after each
// render, for the tests' checks.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { parseDate, Time } from '@internationalized/date';
import {
  Button, Calendar, CalendarCell, CalendarGrid, Cell, Checkbox, Column, ComboBox,
  DateField, DateInput, DatePicker, TimeField, DateSegment, Dialog, DialogTrigger, GridList,
  GridListItem, Group, Heading, Input, Label, ListBox, ListBoxItem, Menu, MenuItem,
  MenuTrigger, Modal, ModalOverlay, Popover, Radio, RadioGroup, Row, Select, SelectValue,
  Slider, SliderOutput, SliderThumb, SliderTrack, Switch, Tab, Table, TableBody,
  TableHeader, TabList, TabPanel, Tabs, useDragAndDrop,
} from 'react-aria-components';

const rooms = [
  { id: 'auditorium', name: 'Auditorium' },
  { id: 'boardroom', name: 'Boardroom' },
  { id: 'studio', name: 'Studio' },
  { id: 'rooftop', name: 'Rooftop terrace' },
];
const cities = ['Amsterdam', 'Berlin', 'Lisbon', 'London', 'Madrid', 'Paris', 'Prague', 'Vienna'];
const people = [
  { id: 1, name: 'Grace Hopper', company: 'Navy', tickets: 2 },
  { id: 2, name: 'Ada Lovelace', company: 'Analytical', tickets: 1 },
  { id: 3, name: 'Linus Torvalds', company: 'Kernel', tickets: 3 },
  { id: 4, name: 'Barbara Liskov', company: 'MIT', tickets: 4 },
];

function Field({ label, children }) {
  return <div className="field"><span className="caption">{label}</span>{children}</div>;
}

function App() {
  const [room, setRoom] = useState(null);
  const [city, setCity] = useState(null);
  const [date, setDate] = useState(null);
  const [reminder, setReminder] = useState(parseDate('2026-03-01'));
  const [starts, setStarts] = useState(null);
  const [capacity, setCapacity] = useState(50);
  const [isPublic, setPublic] = useState(false);
  const [invite, setInvite] = useState(false);
  const [format, setFormat] = useState('person');
  const [agenda, setAgenda] = useState(['Welcome', 'Keynote', 'Lunch', 'Workshops', 'Closing drinks']);
  const [sort, setSort] = useState({ column: 'tickets', direction: 'ascending' });
  const [selected, setSelected] = useState(new Set());
  const [tab, setTab] = useState('details');
  const [actions, setActions] = useState([]);
  const [deleted, setDeleted] = useState(false);
  const [saved, setSaved] = useState(null);

  const sorted = [...people].sort((a, b) => {
    const x = a[sort.column];
    const y = b[sort.column];
    const c = x < y ? -1 : x > y ? 1 : 0;
    return sort.direction === 'descending' ? -c : c;
  });
  const state = {
    room, city, date: date ? date.toString() : null, reminder: reminder ? reminder.toString() : null,
    starts: starts ? starts.toString() : null, capacity, isPublic, invite, format, agenda, sort, selected: [...(selected === 'all' ? people.map((p) => p.id) : selected)].sort(),
    order: sorted.map((p) => p.name), tab, actions, deleted, saved,
  };
  window.app = state;

  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((k) => ({ 'text/plain': k })),
    onReorder(e) {
      setAgenda((items) => {
        const moving = items.filter((i) => e.keys.has(i));
        const rest = items.filter((i) => !e.keys.has(i));
        let at = rest.indexOf(e.target.key);
        if (e.target.dropPosition === 'after') at++;
        rest.splice(at, 0, ...moving);
        return rest;
      });
    },
  });

  return (
    <>
      <header className="top"><h1>Plan an event</h1>
        <MenuTrigger>
          <Button className="btn outline" aria-label="Event actions">Actions ▾</Button>
          <Popover className="menu">
            <Menu onAction={(k) => setActions((a) => [...a, k])}>
              <MenuItem id="duplicate" className="menu-item">Duplicate</MenuItem>
              <MenuItem id="export" className="menu-item">Export as CSV</MenuItem>
              <MenuItem id="archive" className="menu-item">Archive</MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
      </header>
      <main>
        <Tabs selectedKey={tab} onSelectionChange={setTab}>
          <TabList aria-label="Event sections" className="tabs">
            <Tab id="details" className="tab">Details</Tab>
            <Tab id="agenda" className="tab">Agenda</Tab>
            <Tab id="attendees" className="tab">Attendees</Tab>
          </TabList>
          <TabPanel id="details" className="card form">
            <Select selectedKey={room} onSelectionChange={setRoom} placeholder="Pick a room" className="field">
              <Label>Room</Label>
              <Button className="select-btn"><SelectValue /><span aria-hidden="true">▾</span></Button>
              <Popover className="menu">
                <ListBox items={rooms}>{(r) => <ListBoxItem className="menu-item">{r.name}</ListBoxItem>}</ListBox>
              </Popover>
            </Select>
            <ComboBox selectedKey={city} onSelectionChange={setCity} className="field">
              <Label>City</Label>
              <div className="row"><Input className="input" /><Button className="btn ghost icon">▾</Button></div>
              <Popover className="menu">
                <ListBox>{cities.map((c) => <ListBoxItem key={c} id={c} className="menu-item">{c}</ListBoxItem>)}</ListBox>
              </Popover>
            </ComboBox>
            <DatePicker value={date} onChange={setDate} className="field">
              <Label>Event date</Label>
              <Group className="date-group">
                <DateInput className="date-input">{(s) => <DateSegment segment={s} className="seg" />}</DateInput>
                <Button className="btn ghost icon">📅</Button>
              </Group>
              <Popover className="menu">
                <Dialog>
                  <Calendar>
                    <header className="row spread"><Button slot="previous" className="btn ghost icon">◀</Button><Heading /><Button slot="next" className="btn ghost icon">▶</Button></header>
                    <CalendarGrid>{(d) => <CalendarCell date={d} className="day" />}</CalendarGrid>
                  </Calendar>
                </Dialog>
              </Popover>
            </DatePicker>
            <DateField value={reminder} onChange={setReminder} className="field">
              <Label>Reminder</Label>
              <DateInput className="date-input">{(s) => <DateSegment segment={s} className="seg" />}</DateInput>
            </DateField>
            <TimeField value={starts} onChange={setStarts} className="field">
              <Label>Starts at</Label>
              <DateInput className="date-input">{(s) => <DateSegment segment={s} className="seg" />}</DateInput>
            </TimeField>
            <Slider value={capacity} onChange={setCapacity} minValue={0} maxValue={200} step={10} className="field">
              <div className="row spread"><Label>Capacity</Label><SliderOutput /></div>
              <SliderTrack className="track"><SliderThumb className="thumb" /></SliderTrack>
            </Slider>
            <Switch isSelected={isPublic} onChange={setPublic} className="switch"><div className="knob" />Public event</Switch>
            <Checkbox isSelected={invite} onChange={setInvite} className="check"><div className="box">{invite ? '✓' : ''}</div>Send invitations</Checkbox>
            <RadioGroup value={format} onChange={setFormat} className="field">
              <Label>Format</Label>
              <Radio value="person" className="radio">In person</Radio>
              <Radio value="online" className="radio">Online</Radio>
              <Radio value="hybrid" className="radio">Hybrid</Radio>
            </RadioGroup>
            <div className="row">
              <Button className="btn" onPress={() => setSaved({ room, city, date: date ? date.toString() : null, capacity, isPublic, invite, format })}>Save event</Button>
              <DialogTrigger>
                <Button className="btn destructive">Delete event</Button>
                <ModalOverlay className="overlay" isDismissable>
                  <Modal className="dialog">
                    <Dialog role="alertdialog">
                      {({ close }) => (
                        <>
                          <Heading slot="title">Delete this event?</Heading>
                          <p>The attendees will be told it is cancelled.</p>
                          <div className="row">
                            <Button className="btn outline" onPress={close}>Cancel</Button>
                            <Button className="btn destructive" onPress={() => { setDeleted(true); close(); }}>Delete</Button>
                          </div>
                        </>
                      )}
                    </Dialog>
                  </Modal>
                </ModalOverlay>
              </DialogTrigger>
            </div>
          </TabPanel>
          <TabPanel id="agenda" className="card">
            <GridList aria-label="Agenda" items={agenda.map((a) => ({ id: a }))} dragAndDropHooks={dragAndDropHooks} className="agenda">
              {(item) => <GridListItem textValue={item.id} className="agenda-item"><Button slot="drag" className="grip">≡</Button>{item.id}</GridListItem>}
            </GridList>
          </TabPanel>
          <TabPanel id="attendees" className="card">
            <Table aria-label="Attendees" selectionMode="multiple" selectedKeys={selected} onSelectionChange={setSelected}
              sortDescriptor={sort} onSortChange={setSort} className="table">
              <TableHeader>
                <Column><Checkbox slot="selection" className="check"><div className="box" /></Checkbox></Column>
                <Column id="name" isRowHeader allowsSorting>Name</Column>
                <Column id="company" allowsSorting>Company</Column>
                <Column id="tickets" allowsSorting>Tickets</Column>
              </TableHeader>
              <TableBody items={sorted}>
                {(p) => (
                  <Row id={p.id}>
                    <Cell><Checkbox slot="selection" className="check"><div className="box" /></Checkbox></Cell>
                    <Cell>{p.name}</Cell><Cell>{p.company}</Cell><Cell>{p.tickets}</Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </TabPanel>
        </Tabs>
      </main>
    </>
  );
}

createRoot(document.getElementById('root')).render(<App />);
