import { Link } from 'react-router-dom';
import { StaticPage } from './StaticPage';

export default function AboutPage() {
  return (
    <StaticPage title="About Us" intro="Your Gateway to Knowledge">
      <p>
        Dental Library offers high-quality PDF books and online courses for dentists and dental students. We believe
        good learning material should be accessible and affordable, wherever you practise or study.
      </p>
      <p>
        Our catalogue covers topics from personal development to professional skills: from anatomy, endodontics and
        implantology to practice management and digital dentistry, alongside courses and journals that keep you up to
        date.
      </p>
      <h2>How it works</h2>
      <p>
        Everything we sell is digital. Once your order is complete, the download link appears in the Orders section of
        your account, so you can start reading or watching straight away.
      </p>
      <p>
        <Link to="/category/books">Browse the books</Link> or <Link to="/contactus">contact us</Link> if you are looking
        for something in particular.
      </p>
    </StaticPage>
  );
}
