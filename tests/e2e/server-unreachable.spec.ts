import { expect, test, type Page } from '@playwright/test';
import { addressMessages } from '#shared/address/address.contract.ts';
import {
  completeContact,
  detailsContinue,
  detailsHeading,
  fileInput,
  fileItem,
  fillDetails,
  filesHeading,
  glassCount,
  paneField,
  photo,
  submitDetails,
  uvPrivacy,
} from './estimate-support';
import {
  addressBox,
  apiAnswer,
  continueButton,
  field,
  fillPerson,
  makePerson,
  openContact,
  pickAddress,
} from './support';
import { readStored, storageKeys } from './browser-storage';

// Issue 14, spec §7/§8: no customer input is lost when the server cannot be reached.

const detailsPut = /^\/api\/sessions\/[^/]+\/details$/;

test('settings and booking options failing: Contact shows the default options and submits', async ({
  page,
}) => {
  await page.route('**/api/settings', (route) => route.fulfill({ status: 503, body: '' }));
  await page.route('**/api/booking-options', (route) => route.abort('connectionrefused'));
  const person = makePerson();
  await openContact(page);
  await expect(page.getByText('Initialization Error')).toBeHidden();
  // spec §3's defaults, 'estimate' chosen (spec §9)
  await expect(page.getByRole('radio', { name: 'Get an Estimate' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Book Consultation' })).toBeVisible();

  await fillPerson(page, person);
  await pickAddress(page, '12 Smith Street, Fitzroy', '12 Smith Street, Fitzroy VIC 3065');
  await expect(addressBox(page)).toHaveAccessibleDescription(addressMessages.hint);
  await page.getByRole('radio', { name: 'Book Consultation' }).check();
  const lead = apiAnswer(page, 'POST', '/api/leads');
  await continueButton(page).click();
  const answer = await lead;
  expect(answer.status()).toBe(201);
  expect(answer.request().postDataJSON()).toMatchObject({
    bookingOption: 'consultation',
    contactFormData: { email: person.email },
  });
  await expect(page).toHaveURL(/\/measurement$/);
  await expect(detailsHeading(page)).toBeVisible();
});

async function serverDown(page: Page) {
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
}

test('API down mid-flow: typed details survive a reload and reach the server when it returns', async ({
  page,
}) => {
  await completeContact(page);
  await serverDown(page);
  await fillDetails(page, { panes: 2, sizes: [[1200, 900]] });
  await page.getByLabel('Job description', { exact: false }).fill('Two bedroom windows');
  await expect
    .poll(() => readStored(page, storageKeys.detailsDraft))
    .toContain('Two bedroom windows');

  // a reload with no server at all: the app starts on its defaults, the draft is back
  await page.reload();
  await expect(detailsHeading(page)).toBeVisible();
  await expect(page.getByText('Initialization Error')).toBeHidden();
  await expect(page.getByRole('radio', { name: uvPrivacy })).toBeChecked();
  await expect(glassCount(page)).toHaveValue('2');
  await expect(paneField(page, 1, 'Length (mm)')).toHaveValue('1200');

  // Continue: kept in the browser, the person moves on and is told so calmly
  await detailsContinue(page).click();
  await expect(page).toHaveURL(/\/files$/);
  await expect(filesHeading(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'saved on this device' })).toBeVisible();
  expect(await readStored(page, storageKeys.pendingRequests)).toContain('Two bedroom windows');

  // the server is back: the next start sends what waited
  await page.unroute('**/api/**');
  const saved = apiAnswer(page, 'PUT', detailsPut);
  await page.reload();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toMatchObject({
    glassCount: 2,
    painPoint: 'uv-privacy',
    jobDescription: 'Two bedroom windows',
  });
  await expect.poll(() => readStored(page, storageKeys.pendingRequests)).toBe('[]');
  await expect(page.getByText('saved on this device')).toBeHidden();
});

test('a value filled in before the form code has loaded is saved and back after a reload', async ({
  page,
}) => {
  await openContact(page);
  // one fill, then a reload straight away: no other interaction, no wait for the autosave
  await field(page, 'First Name').fill('Priya');
  await page.reload();
  await expect(field(page, 'First Name')).toHaveValue('Priya');
  expect(await readStored(page, storageKeys.contactDraft)).toContain('Priya');
});

test('a file added while the server is away waits, survives a reload and uploads when it is back', async ({
  page,
}) => {
  await completeContact(page);
  await fillDetails(page, { panes: 1, sizes: [[900, 600]] });
  await submitDetails(page);
  const uploads = '**/api/uploads**';
  await page.route(uploads, (route) => route.abort('connectionrefused'));
  await fileInput(page).setInputFiles({
    name: 'lounge.png',
    mimeType: 'image/png',
    buffer: await photo('png'),
  });
  const item = fileItem(page, 'lounge.png');
  await expect(item).toContainText('Waiting for the connection');
  await expect(item).toContainText('will upload by itself');

  // kept in the browser (IndexedDB): still there after a reload, still waiting
  await page.reload();
  await expect(filesHeading(page)).toBeVisible();
  await expect(item).toContainText('Waiting for the connection');

  // the server is back: the next visit of the step sends it
  await page.unroute(uploads);
  const upload = apiAnswer(page, 'POST', '/api/uploads');
  await page.reload();
  expect((await upload).status()).toBe(201);
  await expect(item).toContainText('Uploaded');
  await page.reload();
  await expect(item).toContainText('Uploaded');
  await expect(page.getByRole('list', { name: 'Your files' }).getByRole('listitem')).toHaveCount(1);
});
