// "Schedule a Consultation": the request form on the platform, the scheduling address standalone, the spec's plain button otherwise.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsultationButton } from '../../src/components/ConsultationButton.tsx';
import { FormError } from '../../src/components/forms/FormError.ts';
import { ViewerContext, type ConsultationRequest } from '../../src/components/ViewerContext.tsx';
import { deckSettings } from '../../src/registry/slideRegistry.ts';

afterEach(cleanup);

/** The button with a recording requestConsultation that answers with `answer`. */
function onPlatform(answer: (request: ConsultationRequest) => Promise<void> = async () => {}) {
  const sent: ConsultationRequest[] = [];
  const requestConsultation = (request: ConsultationRequest) => {
    sent.push(request);
    return answer(request);
  };
  render(
    <ViewerContext.Provider value={{ partner: null, requestConsultation }}>
      <ConsultationButton />
    </ViewerContext.Provider>,
  );
  return sent;
}

async function openForm() {
  const button = screen.getByRole('button', { name: 'Schedule a Consultation' });
  button.focus();
  fireEvent.click(button);
  await screen.findByRole('dialog', { name: 'Schedule a Consultation' });
  return button;
}

const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
  });
};

describe('on the platform', () => {
  it('opens the form on click (its code loads then); sends preferred times and message, trimmed; thanks the viewer with focus on the thanks', async () => {
    const sent = onPlatform();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Schedule a Consultation' }).getAttribute('aria-haspopup')).toBe('dialog');
    await openForm();
    const dialog = document.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    fireEvent.change(screen.getByLabelText('Preferred times'), { target: { value: ' Tuesday afternoon, Eastern ' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'About the servicing terms.' } });
    await submit();
    expect(sent).toEqual([{ preferred_times: 'Tuesday afternoon, Eastern', message: 'About the servicing terms.' }]);
    const thanks = screen.getByRole('status');
    expect(thanks.textContent).toBe('Thank you: the team will contact you to confirm a time.');
    expect(document.activeElement).toBe(thanks);
  });

  it('no preferred times: the error sits next to the field (aria-invalid, described by it, focused) and nothing is sent; an empty message is left out', async () => {
    const sent = onPlatform();
    await openForm();
    await submit();
    const times = screen.getByLabelText('Preferred times');
    expect(sent).toEqual([]);
    expect(times.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById('consultation-times-error')!;
    expect(error.textContent).toMatch(/^Please say when suits you/);
    expect(times.getAttribute('aria-describedby')).toContain('consultation-times-error');
    expect(document.activeElement).toBe(times);
    fireEvent.change(times, { target: { value: 'Monday' } });
    await submit();
    expect(sent).toEqual([{ preferred_times: 'Monday' }]);
  });

  it("the server's 400 naming a field goes next to that field, read with its label; any other failure is an alert above the button", async () => {
    let answer: Error = new FormError('must be at most 2000 characters', 'message');
    onPlatform(async () => {
      throw answer;
    });
    await openForm();
    fireEvent.change(screen.getByLabelText('Preferred times'), { target: { value: 'Monday' } });
    await submit();
    expect(document.getElementById('consultation-message-error')!.textContent).toBe('Message must be at most 2000 characters');
    expect(document.activeElement).toBe(screen.getByLabelText('Message'));
    answer = new FormError('The server could not be reached. Check your connection and try again.');
    await submit();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The server could not be reached. Check your connection and try again.');
    expect(document.activeElement).toBe(alert);
    expect(document.getElementById('consultation-message-error')).toBeNull();
  });

  it('Escape (the dialog closing) or Close removes the form and puts focus back on the button', async () => {
    onPlatform();
    const button = await openForm();
    await act(async () => {
      document.querySelector('dialog')!.close();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    await openForm();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('standalone (no platform)', () => {
  it('with contact.schedulingUrl: a link opening that address in a new tab', () => {
    const contact = deckSettings.contact;
    contact.schedulingUrl = 'https://calendly.com/reverse-holdings/intro';
    try {
      render(<ConsultationButton />);
      const link = screen.getByRole('link', { name: 'Schedule a Consultation (opens in a new tab)' });
      expect(link.getAttribute('href')).toBe('https://calendly.com/reverse-holdings/intro');
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    } finally {
      delete contact.schedulingUrl;
    }
  });

  it("without one: the spec's button, which opens nothing", async () => {
    render(<ConsultationButton />);
    const button = screen.getByRole('button', { name: 'Schedule a Consultation' });
    expect(button.getAttribute('aria-haspopup')).toBeNull();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
