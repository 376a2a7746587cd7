// Checks the two builds of invoker.properties: JUnit 6.0.0, then 5.10.5, each with weft-junit and
// no BOM; what a user sees in surefire's reports and the build log.
def target = new File(basedir, 'target')
['surefire-reports', 'reports-5.10'].each { reports ->
  def racy = new File(target, "${reports}/com.acme.hits.HitCounterTest.txt").text
  assert racy.contains('Weft found assertion in com.acme.hits.HitCounterTest#twoVisitorsCountTwice') : racy
  assert racy =~ /expected: <2> but was: <1>/
  assert racy =~ /step +main +first +second/
  def atomic = new File(target, "${reports}/com.acme.hits.AtomicHitCounterTest.txt").text
  assert atomic.contains('Tests run: 1, Failures: 0, Errors: 0') : atomic
}
def log = new File(basedir, 'build.log').text
assert !log.contains('NoClassDefFoundError')
assert !log.contains('not properly aligned')
// nothing of Weft's own in the user's build: no logging set-up warning (the project has no SLF4J
// provider), no warning about the build's own properties
assert !log.contains('SLF4J') : 'Weft made SLF4J warn in the user build'
assert !log.contains('overwritten by user properties')
return true
