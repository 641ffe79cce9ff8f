import { useEffect, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import { saferGamblingApi } from '../../api/safer-gambling';
import { GAMCARE_URL, GAMSTOP_URL, HARM_MARKER_WORDS, type InteractionResponse } from '../../contract/harm';
import { FormAlert } from '../../ui/FormAlert';
import './safer-gambling-message.css';

/** Looked for again now and then, so a marker found while the app is open is told without a reload. */
const LOOK_AGAIN_MS = 60_000;

/**
 * The safer-gambling message of a customer interaction (LCCP SR 3.4.3): what we noticed, in plain words, with ways
 * to act on it; shown over whatever is open (the sportsbook's frame too) until the customer acknowledges it.
 */
const SaferGamblingMessage = observer(function SaferGamblingMessage() {
  const { http, session, overlays, balance } = useStores();
  const api = useMemo(() => saferGamblingApi(http), [http]);
  const queryClient = useQueryClient();
  const queryKey = ['safer-gambling', 'interaction', session.userId];
  const interaction = useQuery({
    queryKey,
    queryFn: api.interaction,
    enabled: session.isLoggedIn,
    refetchInterval: LOOK_AGAIN_MS,
  });
  // Money moved (a deposit, a settlement): the server has just looked for markers, so look at what it found.
  const { refetch } = interaction;
  const pence = balance.balance;
  useEffect(() => {
    if (session.isLoggedIn) void refetch();
  }, [pence, refetch, session.isLoggedIn]);
  const acknowledge = useMutation({
    mutationFn: (markerIds: number[]) => api.acknowledgeInteraction(markerIds),
    onSuccess: (answer: InteractionResponse) => queryClient.setQueryData(queryKey, answer),
  });
  const markers = interaction.data?.markers ?? [];
  if (!session.isLoggedIn || markers.length === 0) return null;
  const kinds = [...new Set(markers.map((marker) => marker.kind))];
  const done = (then?: string) => {
    acknowledge.mutate(
      markers.map((marker) => marker.id),
      { onSuccess: () => then && overlays.open(then) },
    );
  };
  return (
    <section
      className="safer-gambling-message"
      role="dialog"
      aria-labelledby="safer-gambling-message-title"
      data-testid="safer-gambling-message"
    >
      <h2 id="safer-gambling-message-title">A word about your play</h2>
      <p>We noticed:</p>
      <ul>
        {kinds.map((kind) => (
          <li key={kind}>{HARM_MARKER_WORDS[kind]}</li>
        ))}
      </ul>
      <p>
        This can be a sign that gambling is becoming harder to control. You can set a deposit limit or take a break, and
        free, confidential help is always available.
      </p>
      <div className="safer-gambling-message__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => done('account_responsible-gambling_deposit-limits')}
        >
          Set a deposit limit
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => done('account_responsible-gambling_time-out')}
        >
          Take a time out
        </button>
      </div>
      <p className="safer-gambling-message__links">
        <a href={GAMCARE_URL} target="_blank" rel="noopener noreferrer">
          GamCare: free support and advice
        </a>
        <a href={GAMSTOP_URL} target="_blank" rel="noopener noreferrer">
          GAMSTOP: block gambling sites
        </a>
      </p>
      {acknowledge.isError && <FormAlert>We could not save that. Please try again.</FormAlert>}
      <button type="button" className="button button--primary" disabled={acknowledge.isPending} onClick={() => done()}>
        I understand
      </button>
    </section>
  );
});

export default SaferGamblingMessage;
