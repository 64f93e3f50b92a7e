// A booking form on Mantine (@mantine/core and @mantine/dates, bundled by
// driver/build.mjs): its Select and Autocomplete are inputs over a
// combobox dropdown in a portal (the Select's input is read-only and
// opens on a click), MultiSelect shows pills beside its search input,
// NumberInput has its own up and down controls, DatePickerInput is a
// button that opens a calendar in a popover, a Slider drawn on pointer
// events with a thumb that takes arrow keys, a Switch over a hidden
// checkbox, Tabs, a Menu and a Modal. The app's state is copied to
// window.app after each render, for the tests' checks.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Autocomplete, Button, Group, MantineProvider, Menu, Modal, MultiSelect, NumberInput,
  Select, Slider, Stack, Switch, Tabs, Text, Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';

function App() {
  const [plan, setPlan] = useState(null);
  const [tags, setTags] = useState([]);
  const [city, setCity] = useState('');
  const [guests, setGuests] = useState(2);
  const [date, setDate] = useState(null);
  const [budget, setBudget] = useState(40);
  const [pets, setPets] = useState(false);
  const [tab, setTab] = useState('booking');
  const [actions, setActions] = useState([]);
  const [opened, setOpened] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const [booked, setBooked] = useState(null);
  const day = (d) => (d == null ? null : typeof d === 'string' ? d.slice(0, 10) : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`);
  window.app = { plan, tags, city, guests, date: day(date), budget, pets, tab, actions, cancelled, booked };
  return (
    <MantineProvider>
      <Stack p="lg" maw={520}>
        <Group justify="space-between">
          <Title order={2}>Book a stay</Title>
          <Menu>
            <Menu.Target><Button variant="default">More</Button></Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setActions((a) => [...a, 'print'])}>Print</Menu.Item>
              <Menu.Item onClick={() => setActions((a) => [...a, 'share'])}>Share link</Menu.Item>
              <Menu.Item color="red" onClick={() => setOpened(true)}>Cancel booking</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="booking">Booking</Tabs.Tab>
            <Tabs.Tab value="extras">Extras</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="booking" pt="md">
            <Stack>
              <Select label="Plan" placeholder="Pick a plan" data={['Basic', 'Standard', 'Premium']} value={plan} onChange={setPlan} />
              <Autocomplete label="City" placeholder="Where to" data={['Amsterdam', 'Barcelona', 'Berlin', 'Lisbon', 'Porto']} value={city} onChange={setCity} />
              <NumberInput label="Guests" min={1} max={12} value={guests} onChange={setGuests} />
              <DatePickerInput label="Check-in" placeholder="Pick a date" value={date} onChange={setDate} defaultDate="2026-06-01" />
              <div><Text size="sm">Budget</Text><Slider aria-label="Budget" value={budget} onChange={setBudget} step={5} /></div>
              <Switch label="Bringing pets" checked={pets} onChange={(e) => setPets(e.currentTarget.checked)} />
              <Button onClick={() => setBooked({ plan, city, guests, date: day(date), pets })}>Book now</Button>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="extras" pt="md">
            <MultiSelect label="Extras" placeholder="Add extras" data={['Breakfast', 'Parking', 'Late checkout', 'Spa']} value={tags} onChange={setTags} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Cancel this booking?">
        <Group>
          <Button variant="default" onClick={() => setOpened(false)}>Keep it</Button>
          <Button color="red" onClick={() => { setCancelled(true); setOpened(false); }}>Yes, cancel</Button>
        </Group>
      </Modal>
    </MantineProvider>
  );
}

createRoot(document.getElementById('root')).render(<App />);
