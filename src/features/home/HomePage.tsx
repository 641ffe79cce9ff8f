export function HomePage() {
  return (
    <section className="home">
      <h1>Bet on sport, your way</h1>
      <p>
        ExSport is a UK betting exchange and sportsbook for adults aged 18 and over. Open an account in minutes, verify your identity, deposit by debit card and set the
        safer-gambling limits that suit you.
      </p>
      <p>The sportsbook and the exchange open soon. Until then you can register, manage your account and money, and read our rules and terms, even offline.</p>
    </section>
  );
}
